import Foundation
import TodoCore

/// One place the list picker and `[` `]` can show: a smart view (Today, Upcoming, Overdue),
/// a list, a saved filter or a tag, as the web page's sidebar offers them, in its order.
enum TuiDestination: Equatable {
  case view(LiveChrome.ViewEntry)
  case list(LiveChrome.ListEntry)
  case filter(LiveChrome.FilterEntry)
  case tag(LiveChrome.TagEntry)

  /// The sidebar of `page`, in order: its smart views, its lists, its saved filters, then its
  /// tags.
  static func all(of page: PageSnapshot) -> [TuiDestination] {
    page.chrome.views.map(TuiDestination.view) + page.chrome.lists.map(TuiDestination.list)
      + page.chrome.filters.map(TuiDestination.filter) + page.chrome.tags.map(TuiDestination.tag)
  }

  /// The index of the destination `page` shows, in ``all(of:)``.
  static func currentIndex(of page: PageSnapshot) -> Int {
    all(of: page).firstIndex { $0.isShown(on: page) } ?? 0
  }

  /// Whether `page` shows this destination.
  func isShown(on page: PageSnapshot) -> Bool {
    switch self {
    case .view(let entry): page.chrome.view == entry.id
    case .list(let entry):
      page.chrome.view == nil && page.chrome.query == nil && page.chrome.listID == entry.id
    case .filter(let entry): page.chrome.query?.filterID == entry.id
    case .tag(let entry): page.chrome.query?.tag?.lowercased() == entry.name.lowercased()
    }
  }

  /// The name, with the open count when there is one.
  var title: String {
    switch self {
    case .view(let entry): entry.count > 0 ? "\(entry.name) (\(entry.count))" : entry.name
    case .list(let entry):
      entry.name + (entry.shared == true ? " (shared)" : "")
        + (entry.open.map { $0 > 0 ? " (\($0))" : "" } ?? "")
    case .filter(let entry):
      "Filter: " + entry.name + (entry.count.map { $0 > 0 ? " (\($0))" : "" } ?? "")
    case .tag(let entry): "#\(entry.name) (\(entry.count))"
    }
  }

  /// The action that shows it.
  var action: LivePage.Action? {
    switch self {
    case .view(let entry): .sidebar(.chooseView(entry.id))
    case .list(let entry): UUID(uuidString: entry.id).map { .sidebar(.chooseList($0)) }
    case .filter(let entry): UUID(uuidString: entry.id).map { .sidebar(.chooseSavedFilter($0)) }
    case .tag(let entry): .sidebar(.chooseTag(entry.name))
    }
  }
}
