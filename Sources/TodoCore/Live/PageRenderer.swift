import Diffable
import Foundation
import Synchronization

/// Renders the live pages of one server, sharing the work between pages that show the same
/// data the same way.
///
/// A page's list part (sections, items, cells) is a pure function of the list's data, which
/// ``LivePage/State/sequence`` identifies, and of the person's view choices (list, filter,
/// search, layout, order, collapsed groups). Pages that agree on all of them (the common case:
/// many people on one list) get one rendering, and the change from one such rendering to the
/// next is diffed once; only the chrome (dialogs, drafts, problems) is each page's own. With
/// a thousand pages open on a list, one commit costs one render and one diff, plus a small
/// message per page.
///
/// Renderings are kept only for the data a page may still show (the newest two sequences of
/// each view); the function they share is ``PageSnapshot/init(_:)``.
public final class PageRenderer: Sendable {
  /// What makes two pages render the same list part.
  struct View: Hashable, Sendable {
    var listID: UUID
    var sequence: UInt64
    var filter: LivePage.Filter
    var search: String
    var layout: LivePage.Layout
    var sortByDeadline: Bool
    var collapsed: Set<String>
    var now: Date

    init?(_ state: LivePage.State) {
      guard state.loaded, state.sequence > 0 else { return nil }
      listID = state.listID
      sequence = state.sequence
      filter = state.filter
      search = state.search
      layout = state.layout
      sortByDeadline = state.sortByDeadline
      collapsed = state.collapsed
      // "Overdue" is measured per minute: pages that render within one minute agree.
      now = Date(timeIntervalSince1970: (state.now.timeIntervalSince1970 / 60).rounded(.down) * 60)
    }
  }

  /// A page as rendered, with the view it was rendered for (`nil`: not shareable).
  public struct Rendered: Sendable {
    /// The page.
    public let page: PageSnapshot
    let view: View?
  }

  private struct DiffKey: Hashable {
    var from: View
    var to: View
  }

  /// A view's list part, and how many of its todos are not done (for the chrome's counter).
  private struct Render {
    var page: PageSnapshot
    var remaining: Int
  }

  private struct Shared {
    var renders: [View: Render] = [:]
    var diffs: [DiffKey: LiveChanges] = [:]
  }

  /// The most renderings and diffs kept: the views currently open, twice.
  private let capacity: Int
  private let shared = Mutex(Shared())

  /// Creates a renderer.
  ///
  /// - Parameter capacity: How many renderings (and diffs) are kept at most.
  public init(capacity: Int = 256) {
    self.capacity = capacity
  }

  /// The page for `state`: the list part shared with every page that shows the same data the
  /// same way, the chrome its own.
  public func render(_ state: LivePage.State) -> Rendered {
    guard let view = View(state) else { return Rendered(page: PageSnapshot(state), view: nil) }
    let render = shared.withLock { shared in
      if let render = shared.renders[view] { return render }
      var viewed = state
      viewed.now = view.now
      let render = Render(
        page: PageSnapshot(listOnly: viewed),
        remaining: state.todos.count { $0.status != .done })
      if shared.renders.count >= capacity { shared.renders.removeAll(keepingCapacity: true) }
      shared.renders[view] = render
      return render
    }
    var page = render.page
    page.chrome = LiveChrome(state, remaining: render.remaining)
    return Rendered(page: page, view: view)
  }

  /// The message that turns `old` into `new`; the list part's diff is shared by every page
  /// that goes between the same two views.
  public func changes(from old: Rendered, to new: Rendered, revision: Int) -> LiveChanges {
    guard let from = old.view, let to = new.view else {
      return LiveChanges(from: old.page, to: new.page, revision: revision)
    }
    var changes = shared.withLock { shared in
      let key = DiffKey(from: from, to: to)
      if let changes = shared.diffs[key] { return changes }
      var listOld = old.page
      var listNew = new.page
      listOld.chrome = LiveChrome()
      listNew.chrome = LiveChrome()
      let changes = LiveChanges(from: listOld, to: listNew, revision: 0)
      if shared.diffs.count >= capacity { shared.diffs.removeAll(keepingCapacity: true) }
      shared.diffs[key] = changes
      return changes
    }
    changes.revision = revision
    changes.chrome = old.page.chrome == new.page.chrome ? nil : new.page.chrome
    return changes
  }
}
