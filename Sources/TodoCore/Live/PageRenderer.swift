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

  /// A diff between two views, and its stages and cells as JSON, encoded once.
  private struct Diff {
    var changes: LiveChanges
    var stagesJSON: Data
    var cellsJSON: Data
  }

  private struct Shared {
    var renders: [View: Render] = [:]
    var diffs: [DiffKey: Diff] = [:]
    /// Chromes as JSON: most pages of a view show the same one.
    var chromes: [LiveChrome: Data] = [:]
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
    guard let diff = try? sharedDiff(from: old, to: new) else {
      return LiveChanges(from: old.page, to: new.page, revision: revision)
    }
    var changes = diff.changes
    changes.revision = revision
    changes.chrome = old.page.chrome == new.page.chrome ? nil : new.page.chrome
    return changes
  }

  /// The `changes` message from `old` to `new` as the bytes ``LiveMessage/encoded()`` writes,
  /// or `nil` when nothing changed. The stages and cells are encoded once for every page
  /// that goes between the same two views, and each distinct chrome once.
  public func encodedChanges(from old: Rendered, to new: Rendered, revision: Int) throws
    -> Data?
  {
    guard let diff = try sharedDiff(from: old, to: new) else {
      let changes = LiveChanges(from: old.page, to: new.page, revision: revision)
      return changes.isEmpty ? nil : try LiveMessage.changes(changes).encoded()
    }
    let chrome = old.page.chrome == new.page.chrome ? nil : new.page.chrome
    guard !diff.changes.stages.isEmpty || chrome != nil else { return nil }
    let chromeJSON = try chrome.map { chrome in
      try shared.withLock { shared in
        if let data = shared.chromes[chrome] { return data }
        let data = try LiveMessage.encoder.encode(chrome)
        if shared.chromes.count >= capacity { shared.chromes.removeAll(keepingCapacity: true) }
        shared.chromes[chrome] = data
        return data
      }
    }
    // The keys in sorted order, as the encoder writes them: cells, chrome, rev, stages, type, v.
    var message = Data(#"{"cells":"#.utf8)
    message.append(diff.cellsJSON)
    if let chromeJSON {
      message.append(contentsOf: #","chrome":"#.utf8)
      message.append(chromeJSON)
    }
    message.append(contentsOf: #","rev":\#(revision),"stages":"#.utf8)
    message.append(diff.stagesJSON)
    message.append(contentsOf: #","type":"changes","v":\#(LiveMessage.version)}"#.utf8)
    return message
  }

  /// The list part's diff between two shared views, computed and encoded once; `nil` when
  /// either page is not shareable.
  private func sharedDiff(from old: Rendered, to new: Rendered) throws -> Diff? {
    guard let from = old.view, let to = new.view else { return nil }
    return try shared.withLock { shared in
      let key = DiffKey(from: from, to: to)
      if let diff = shared.diffs[key] { return diff }
      var listOld = old.page
      var listNew = new.page
      listOld.chrome = LiveChrome()
      listNew.chrome = LiveChrome()
      let changes = LiveChanges(from: listOld, to: listNew, revision: 0)
      let diff = Diff(
        changes: changes, stagesJSON: try LiveMessage.encoder.encode(changes.stages),
        cellsJSON: try LiveMessage.encoder.encode(changes.cells))
      if shared.diffs.count >= capacity { shared.diffs.removeAll(keepingCapacity: true) }
      shared.diffs[key] = diff
      return diff
    }
  }
}
