import Foundation
import TodoCore

/// One place the list picker and `[` `]` can show: a smart view (Today, Upcoming, Overdue)
/// or a list, as the web page's sidebar offers them, views first.
enum TuiDestination: Equatable {
  case view(LiveChrome.ViewEntry)
  case list(LiveChrome.ListEntry)

  /// The sidebar of `page`, in order: its smart views, then its lists.
  static func all(of page: PageSnapshot) -> [TuiDestination] {
    page.chrome.views.map(TuiDestination.view) + page.chrome.lists.map(TuiDestination.list)
  }

  /// The index of the destination `page` shows, in ``all(of:)``.
  static func currentIndex(of page: PageSnapshot) -> Int {
    all(of: page).firstIndex { $0.isShown(on: page) } ?? 0
  }

  /// Whether `page` shows this destination.
  func isShown(on page: PageSnapshot) -> Bool {
    switch self {
    case .view(let entry): page.chrome.view == entry.id
    case .list(let entry): page.chrome.view == nil && page.chrome.listID == entry.id
    }
  }

  /// The name, with the open count when there is one.
  var title: String {
    switch self {
    case .view(let entry): entry.count > 0 ? "\(entry.name) (\(entry.count))" : entry.name
    case .list(let entry):
      entry.name + (entry.shared == true ? " (shared)" : "")
        + (entry.open.map { $0 > 0 ? " (\($0))" : "" } ?? "")
    }
  }

  /// The action that shows it.
  var action: LivePage.Action? {
    switch self {
    case .view(let entry): .sidebar(.chooseView(entry.id))
    case .list(let entry): UUID(uuidString: entry.id).map { .sidebar(.chooseList($0)) }
    }
  }
}
