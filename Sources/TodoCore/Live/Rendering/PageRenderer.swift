import Diffable
import Foundation
import Synchronization

/// Renders the live pages of one server, sharing the work between pages that show the same
/// data the same way.
///
/// A page's list part (sections, items, cells) is a pure function of the list's data, which
/// ``PageData/sequence`` identifies, and of the person's view choices (list, filter,
/// search, layout, order, collapsed groups). Pages that agree on all of them (the common case:
/// many people on one list) get one rendering, and the change from one such rendering to the
/// next is diffed once; only the chrome (dialogs, drafts, problems) is each page's own. With
/// a thousand pages open on a list, one commit costs one diff of the todos it changed
/// (``ListPart/incrementalChanges(from:to:)``), plus a small message per page; the whole
/// list part is rendered (``PageSnapshot/init(listOnly:)``) only for a page's snapshot.
///
/// The first page to need a list part or a diff computes it while the others await it.
/// One of each is kept per view, at its newest sequence, for up to `capacity` views: the
/// views open now.
public final class PageRenderer: Sendable {
  /// What makes two pages render the same list part.
  struct View: Hashable, Sendable {
    var listID: UUID
    var sequence: ChangeSequence
    var filter: PageList.Filter
    var search: String
    var layout: PageList.Layout
    var sortByDeadline: Bool
    var sortByPriority: Bool
    var collapsed: Set<String>
    /// The rows at the top of the list the pages hold (`nil`: all).
    var rows: Int?
    var now: Date
    /// The smart view shown, if any: its todos come from every list the person can read,
    /// so its pages are shared only by one person (`account`) in one time zone.
    var view: SmartView?
    /// The query shown, if any, and the sequence its todos reflect: like a smart view's, its
    /// todos come from every list the person can read.
    var query: PageQuery?
    var querySequence: ChangeSequence
    /// A query's sections are headed by its lists' names, in their order: what it reads of
    /// the lists (whose sequence it does not follow).
    var listNames: [String]
    var account: UUID?
    var timeZone: TimeZone?

    init?(_ state: LivePage.State) {
      // Between choosing a list and its first value, the todos are still the other list's:
      // that page is not the chosen list's at this sequence, so it is not shared.
      guard state.data.loaded, state.data.sequence > .zero,
        state.data.todosListID == state.data.listID,
        state.data.query == nil || state.data.querySequence > .zero
      else {
        return nil
      }
      listID = state.data.listID
      // A query shows its own observation's todos: a commit to the chosen list alone (which
      // reaches the page for its sidebar's counts) leaves its list part as it was.
      sequence = state.data.query == nil ? state.data.sequence : .zero
      filter = state.list.filter
      search = state.search.text
      layout = state.list.layout
      sortByDeadline = state.list.sortByDeadline
      sortByPriority = state.list.sortByPriority
      collapsed = state.list.collapsed
      rows = state.list.rows
      view = state.data.view
      query = state.data.query
      querySequence = state.data.querySequence
      listNames =
        state.data.query == nil ? [] : state.data.lists.map { $0.id.text + $0.name }
      account =
        state.data.view == nil && state.data.query == nil ? nil : state.data.signedIn?.accountID
      timeZone = state.data.timeZone
      // "Overdue" is measured per minute: pages that render within one minute agree.
      now = Date(
        timeIntervalSince1970: (state.data.now.timeIntervalSince1970 / 60).rounded(.down) * 60)
    }
  }

  /// A page as rendered: its list part, shared with the pages of the same view, its own
  /// chrome, and the view it was rendered for (`nil`: not shareable).
  public struct Rendered: Sendable {
    /// The page's own chrome.
    public let chrome: LiveChrome
    let list: ListPart
    let view: View?

    /// The whole page (the list part is rendered on first use, once per view).
    public var page: PageSnapshot {
      var page = list.page
      page.chrome = chrome
      return page
    }
  }

  private struct DiffKey: SharedWorkKey {
    var from: View
    var to: View

    var identity: DiffKey { DiffKey(from: from.identity, to: to.identity) }

    func isNewer(than other: DiffKey) -> Bool {
      to == other.to ? from.isNewer(than: other.from) : to.isNewer(than: other.to)
    }
  }

  /// A diff between two views, and the `changes` message's body for it (its cells, stages,
  /// type and version), encoded once.
  private struct Diff {
    var changes: LiveChanges
    var body: SharedBytes

    init(changes: LiveChanges) throws {
      let encoder = LiveMessage.encoder
      self.init(
        changes: changes, cells: try encoder.encode(changes.cells),
        counts: try changes.counts.map { try encoder.encode($0) },
        stages: try encoder.encode(changes.stages))
    }

    init(changes: LiveChanges, cells: Data, counts: Data? = nil, stages: Data) {
      self.changes = changes
      var body = Data(#""cells":"#.utf8)
      body.append(cells)
      if let counts {
        body.append(contentsOf: #","counts":"#.utf8)
        body.append(counts)
      }
      body.append(contentsOf: #","stages":"#.utf8)
      body.append(stages)
      body.append(contentsOf: #","type":"changes","v":\#(LiveMessage.version)}"#.utf8)
      self.body = SharedBytes(body)
    }
  }

  /// What a sidebar's saved filters are built from.
  private struct FilterInputs: Equatable, Sendable {
    var filters: [SavedFilter]
    var counts: [UUID: Int]
  }

  private struct Shared {
    var renders = SharedWork<View, ListPart>()
    var diffs = SharedWork<DiffKey, Diff>()
    /// Chromes as JSON, each part encoded once: most pages of a view show the same chrome,
    /// and every page of a person the same sidebar.
    var chromes: ChromeEncoder
    /// The sidebars' saved filters, built once for all the pages of a person.
    var filters = RecentlyUsed<FilterInputs, [LiveChrome.FilterEntry]>()
  }

  /// The most views whose list part and diff are kept (each list part holds its list): the
  /// views open now; an evicted one is rebuilt from the todos that differ.
  private let capacity: Int
  private let shared: Mutex<Shared>

  /// Creates a renderer.
  ///
  /// - Parameter capacity: How many views' renderings (and diffs) are kept at most, each at
  ///   its newest sequence; eight times as many chromes (each page of a view of many people
  ///   may have its own).
  public init(capacity: Int = 256) {
    self.capacity = capacity
    shared = Mutex(Shared(chromes: ChromeEncoder(capacity: capacity * 8)))
  }

  /// The page for `state`: the list part shared with every page that shows the same data the
  /// same way, the chrome its own.
  ///
  /// The first page to need a rendering computes it; the others that need it meanwhile wait
  /// for it without holding a thread.
  public func render(_ state: LivePage.State) async -> Rendered {
    guard let view = View(state) else {
      return Rendered(chrome: LiveChrome(state), list: ListPart(state), view: nil)
    }
    let list = await shared(\.renders, view) {
      var viewed = state
      viewed.data.now = view.now
      return ListPart(viewed)
    }
    return Rendered(
      chrome: LiveChrome(state, remaining: list.remaining, filters: filterEntries(state.data)),
      list: list, view: view)
  }

  /// The sidebar's saved filters of `data`: those of another page of the person when they
  /// are the same (usually the very same arrays, which compare at once), built otherwise.
  private func filterEntries(_ data: PageData) -> [LiveChrome.FilterEntry] {
    guard !data.filters.isEmpty else { return [] }
    let inputs = FilterInputs(filters: data.filters, counts: data.filterCounts)
    if let entries = shared.withLock({ $0.filters.value(for: inputs) }) { return entries }
    let entries = LiveChrome.filterEntries(data)
    shared.withLock { $0.filters.keep(entries, for: inputs) }
    return entries
  }

  /// The value of `key` in one of the shared tables: taken if there, awaited if another page
  /// is computing it, computed otherwise (outside the lock).
  private func shared<Key: SharedWorkKey, Value: Sendable>(
    _ table: WritableKeyPath<Shared, SharedWork<Key, Value>>, _ key: Key,
    compute: () throws -> Value
  ) async rethrows -> Value {
    let capacity = self.capacity
    // Worked out before taking the lock that every page's rendering goes through.
    let identity = key.identity
    switch shared.withLock({ $0[keyPath: table].claim(key, identity: identity) }) {
    case .ready(let value):
      return value
    case .wait:
      let value = await withCheckedContinuation { continuation in
        shared.withLock { $0[keyPath: table].wait(for: key, identity: identity, continuation) }
      }
      guard let value else { return try compute() }
      return value
    case .compute:
      do {
        let value = try compute()
        let waiters = shared.withLock {
          $0[keyPath: table].finish(key, identity: identity, value, capacity: capacity)
        }
        for waiter in waiters { waiter.resume(returning: value) }
        return value
      } catch {
        let waiters = shared.withLock { $0[keyPath: table].abandon(key) }
        for waiter in waiters { waiter.resume(returning: nil) }
        throw error
      }
    }
  }

  /// The message that turns `old` into `new`; the list part's diff is shared by every page
  /// that goes between the same two views.
  public func changes(from old: Rendered, to new: Rendered, revision: Int) async -> LiveChanges {
    guard let diff = try? await sharedDiff(from: old, to: new) else {
      return LiveChanges(from: old.page, to: new.page, revision: revision)
    }
    var changes = diff.changes
    changes.revision = revision
    changes.chrome = old.chrome == new.chrome ? nil : new.chrome
    return changes
  }

  /// The `changes` message from `old` to `new`, or `nil` when nothing changed. The stages
  /// and cells are encoded once for every page that goes between the same two views, as one
  /// body that every such page sends (``ChangesMessage``); each distinct part of a chrome is
  /// encoded once (``ChromeEncoder``).
  ///
  /// The message holds what ``LiveMessage/encoded()`` writes, with the page's own keys
  /// (`chrome`, `rev`) first.
  public func encodedChanges(from old: Rendered, to new: Rendered, revision: Int) async throws
    -> ChangesMessage?
  {
    guard let diff = try await sharedDiff(from: old, to: new) else {
      let changes = LiveChanges(from: old.page, to: new.page, revision: revision)
      return changes.isEmpty
        ? nil : ChangesMessage(start: try LiveMessage.changes(changes).encoded())
    }
    let chrome = old.chrome == new.chrome ? nil : new.chrome
    guard !diff.changes.stages.isEmpty || diff.changes.counts != nil || chrome != nil else {
      return nil
    }
    var start = Data("{".utf8)
    if let chrome {
      start.append(contentsOf: #""chrome":"#.utf8)
      start.append(try shared.withLock { try $0.chromes.encode(chrome) })
      start.append(UInt8(ascii: ","))
    }
    start.append(contentsOf: #""rev":\#(revision),"#.utf8)
    return ChangesMessage(start: start, body: diff.body)
  }

  /// No change to the list part.
  private static let unchanged = Diff(
    changes: LiveChanges(revision: 0, stages: [], cells: [:], chrome: nil),
    cells: Data("{}".utf8), stages: Data("[]".utf8))

  /// The list part's diff between two shared views, computed and encoded once; `nil` when
  /// either page is not shareable.
  private func sharedDiff(from old: Rendered, to new: Rendered) async throws -> Diff? {
    guard let from = old.view, let to = new.view else { return nil }
    // The same view: its list part is the same (only the chrome may differ).
    if from == to { return Self.unchanged }
    return try await shared(\.diffs, DiffKey(from: from, to: to)) {
      let changes =
        ListPart.incrementalChanges(from: old.list, to: new.list)
        ?? ListPart.incrementalQueryChanges(from: old.list, to: new.list)
        ?? LiveChanges(from: old.list.page, to: new.list.page, revision: 0)
      return try Diff(changes: changes)
    }
  }
}

extension PageRenderer.View: SharedWorkKey {
  /// The view without what moves on with the data: its list's and its query's sequences, and
  /// the minute.
  var identity: Self {
    var identity = self
    identity.sequence = .zero
    identity.querySequence = .zero
    identity.now = .distantPast
    return identity
  }

  func isNewer(than other: Self) -> Bool {
    (sequence, querySequence, now) > (other.sequence, other.querySequence, other.now)
  }
}
