import Foundation
import Persistence
import Synchronization

/// What a page's sidebar shows of the person's saved filters, and the todos of the filter
/// (or tag) the page shows, as committed.
public struct ViewsObservation: Equatable, Sendable {
  /// The person's saved filters, in their order.
  public var filters: [SavedFilter]
  /// How many todos each saved filter shows now; a filter whose text no longer reads is
  /// absent.
  public var counts: [UUID: Int]
  /// The query of the view shown (``TodoService/observeViews(showing:timeZone:)``'s `text`).
  public var showing: String?
  /// The todos the shown query shows, by list in sidebar order then in user order; `nil`
  /// without a shown query, empty for one that does not read.
  public var shown: [Todo]?
  /// How many open todos are assigned to the person (``TodoQuery/assignedToMe``), on a server
  /// with accounts; `nil` without.
  public var assignedToMe: Int?
  /// The store's change sequence of the newest commit reflected.
  public var sequence: ChangeSequence
  /// The colours the person gave their tags, by lowercased tag (``TodoService/tagColors()``).
  public var tagColors: [String: TagColor] = [:]
}

extension ViewsObservation {
  /// The query of "Assigned to me", counted in the sidebar on a server with accounts.
  public static let assignedToMeQuery = "assigned: me"
}

extension TodoService {
  /// The principal's saved filters with how many todos each shows, and the todos `text`
  /// shows: the current value first, then a new one after every commit that changes any of
  /// them.
  ///
  /// Each filter is one observed fetch on the change pipeline (``request(for:day:lists:me:)``):
  /// the store keeps its result up to date from each commit's change record, deciding only the
  /// todos the commit wrote, and every page of the same person showing the same filter shares
  /// that observation. A commit that changes no filter's todos yields nothing; one that
  /// changes a filter's todos reaches every page that counts or shows it. Creating, editing or
  /// deleting a filter, and a change to the person's lists (which `list:` names, which lists
  /// they may read), start the observations again.
  ///
  /// "Today" and "overdue" are those of the moment the observation starts, in `timeZone`; the
  /// page starts it again at each midnight.
  ///
  /// - Parameters:
  ///   - text: The query of the view the page shows (a saved filter's, or `#tag`), if any.
  ///   - timeZone: Where the person is.
  public func observeViews(showing text: String?, timeZone: TimeZone)
    -> AsyncThrowingStream<ViewsObservation, any Error>
  {
    let context = container.viewContext
    let filters = context.observe(ownFiltersRequest, pacing: Self.pagePacing)
    let styles = context.observe(ownTagStylesRequest, pacing: Self.pagePacing)
    let lists = context.observe(Self.liveLists, pacing: Self.pagePacing)
    let principal = self.principal
    let shares = principal.map {
      context.observe(
        FetchRequest<ListShare>(filter: ListShare.accountIDAttribute == $0.accountID),
        pacing: Self.pagePacing)
    }
    let calendar = {
      var calendar = Calendar(identifier: .gregorian)
      calendar.timeZone = timeZone
      return calendar
    }()
    let now = self.now
    let container = self.container
    return AsyncThrowingStream(bufferingPolicy: .bufferingNewest(1)) { continuation in
      let setup = ViewSetup(scoped: principal != nil)
      let configurations = AsyncThrowingStream<ViewSetup.Value, any Error>(
        bufferingPolicy: .bufferingNewest(1)
      ) { next in
        let task = Task {
          do {
            try await withThrowingTaskGroup(of: Void.self) { group in
              group.addTask {
                for try await results in filters {
                  if let value = setup.set(filters: results.objects) { next.yield(value) }
                }
              }
              group.addTask {
                for try await results in lists {
                  if let value = setup.set(lists: results.objects) { next.yield(value) }
                }
              }
              group.addTask {
                for try await results in styles {
                  if let value = setup.set(colors: Self.colors(results.objects)) {
                    next.yield(value)
                  }
                }
              }
              if let shares {
                group.addTask {
                  for try await results in shares {
                    let shared = Set(results.objects.map(\.listID))
                    if let value = setup.set(shared: shared) { next.yield(value) }
                  }
                }
              }
              try await group.waitForAll()
            }
            next.finish()
          } catch {
            next.finish(throwing: error)
          }
        }
        next.onTermination = { _ in task.cancel() }
      }
      let task = Task {
        var running: Task<Void, Never>?
        defer { running?.cancel() }
        do {
          var current: ViewSetup.Value?
          // A person without filters, on a page that shows none, is told nothing at first:
          // the page starts with no filters.
          let yielded = ViewsYielded(
            ViewsObservation(
              filters: [], counts: [:], showing: text, shown: nil, assignedToMe: nil,
              sequence: .zero), to: continuation)
          for try await value in configurations where value != current {
            current = value
            running?.cancel()
            let visible = value.visibleLists(for: principal)
            let day = AgendaDay(now: now(), calendar: calendar)
            let run = yielded.nextRun()
            running = Task {
              do {
                try await Self.observe(
                  value.filters, showing: text, lists: visible, day: day,
                  me: principal?.accountID, colors: value.colors, in: container, run: run,
                  yielding: yielded)
              } catch is CancellationError {
              } catch {
                continuation.finish(throwing: error)
              }
            }
          }
          continuation.finish()
        } catch {
          continuation.finish(throwing: error)
        }
      }
      continuation.onTermination = { _ in task.cancel() }
    }
  }

  /// Observes each distinct query of `filters` and `text` over `lists` on `day`, yielding
  /// the combined value (as the `run`th setup) whenever one of them changes, once all have a
  /// first value.
  private static func observe(
    _ filters: [SavedFilter], showing text: String?, lists: [TodoList], day: AgendaDay,
    me: UUID?, colors: [String: TagColor], in container: PersistentContainer, run: Int,
    yielding yielded: ViewsYielded
  ) async throws {
    var requests: [String: FetchRequest<Todo>] = [:]
    let assigned = me.map { _ in [ViewsObservation.assignedToMeQuery] } ?? []
    for query in filters.map(\.query) + (text.map { [$0] } ?? []) + assigned
    where requests[query] == nil {
      guard let parsed = try? TodoQuery(parsing: query) else { continue }
      requests[query] = request(for: parsed, day: day, lists: lists, me: me)
    }
    let expected = requests.count
    let latest = Mutex(ViewResults())
    let combined: @Sendable () -> ViewsObservation? = {
      latest.withLock { latest in
        guard latest.todos.count == expected else { return nil }
        var counts: [UUID: Int] = [:]
        for filter in filters {
          if let todos = latest.todos[filter.query] { counts[filter.id] = todos.count }
        }
        let shown = text.map { inListOrder(latest.todos[$0] ?? [], lists: lists) }
        return ViewsObservation(
          filters: filters, counts: counts, showing: text, shown: shown,
          assignedToMe: assigned.first.flatMap { latest.todos[$0]?.count },
          sequence: latest.sequence, tagColors: colors)
      }
    }
    guard !requests.isEmpty else {
      if let value = combined() { yielded.yield(value, run: run) }
      return
    }
    // Each query's observation publishes once per frame, but a commit to one filter and the
    // next to another come through different observations: the combined value is computed
    // once per frame too, whatever the number of queries that changed in it (the first change
    // after a quiet frame goes out at once).
    let (changes, changed) = AsyncStream.makeStream(
      of: Void.self, bufferingPolicy: .bufferingNewest(1))
    let record: @Sendable (String, FetchedResults<Todo>) -> Void = { query, results in
      latest.withLock { latest in
        latest.todos[query] = results.objects
        latest.sequence = max(latest.sequence, results.sequence)
      }
      changed.yield()
    }
    let observed = requests
    try await withThrowingTaskGroup(of: Void.self) { group in
      group.addTask {
        defer { changed.finish() }
        try await withThrowingTaskGroup(of: Void.self) { observations in
          for (query, request) in observed {
            let results = container.viewContext.observe(request, pacing: pagePacing)
            observations.addTask {
              for try await value in results { record(query, value) }
            }
          }
          try await observations.waitForAll()
        }
      }
      group.addTask {
        for await _ in changes {
          if let value = combined() { yielded.yield(value, run: run) }
          try await Task.sleep(for: pageFrame)
        }
      }
      try await group.waitForAll()
    }
  }
}

/// The latest result of each query of a views observation.
private struct ViewResults {
  var todos: [String: [Todo]] = [:]
  var sequence = ChangeSequence.zero
}

/// What a views observation told its page last, over every setup it ran: a value that
/// changes nothing the page shows (a newer sequence alone, or the same value again after a
/// setup started over) is not yielded, nor one of a setup that another replaced.
private final class ViewsYielded: Sendable {
  private struct State {
    var run = 0
    var last: ViewsObservation
  }
  private let state: Mutex<State>
  private let continuation: AsyncThrowingStream<ViewsObservation, any Error>.Continuation

  init(
    _ initial: ViewsObservation,
    to continuation: AsyncThrowingStream<ViewsObservation, any Error>.Continuation
  ) {
    state = Mutex(State(last: initial))
    self.continuation = continuation
  }

  /// The number of a new setup: values of the setups before it are dropped from now on.
  func nextRun() -> Int {
    state.withLock { state in
      state.run += 1
      return state.run
    }
  }

  /// Yields `value` of the setup `run`, unless a newer setup runs or it changes nothing.
  func yield(_ value: ViewsObservation, run: Int) {
    // Under the lock, so that two values yield in the order they were decided.
    state.withLock { state in
      var unchanged = state.last
      unchanged.sequence = value.sequence
      guard run == state.run, value != unchanged else { return }
      state.last = value
      continuation.yield(value)
    }
  }
}

/// The latest saved filters, lists, tag colours and (for a principal) shared lists of a views
/// observation: what its queries are built from and what its values carry; a value once all
/// have arrived.
private final class ViewSetup: Sendable {
  struct Value: Equatable, Sendable {
    var filters: [SavedFilter]
    var lists: [TodoList]
    var shared: Set<UUID>
    var colors: [String: TagColor]

    /// The lists the principal may read, in sidebar order.
    func visibleLists(for principal: Principal?) -> [TodoList] {
      guard let principal else { return lists }
      return lists.filter { $0.ownerID == principal.accountID || shared.contains($0.id) }
    }
  }

  private struct Partial {
    var filters: [SavedFilter]?
    var lists: [TodoList]?
    var shared: Set<UUID>?
    var colors: [String: TagColor]?
  }

  private let value = Mutex(Partial())
  private let scoped: Bool

  init(scoped: Bool) {
    self.scoped = scoped
  }

  func set(
    filters: [SavedFilter]? = nil, lists: [TodoList]? = nil, shared: Set<UUID>? = nil,
    colors: [String: TagColor]? = nil
  ) -> Value? {
    value.withLock { value in
      if let filters { value.filters = filters }
      if let lists { value.lists = lists }
      if let shared { value.shared = shared }
      if let colors { value.colors = colors }
      guard let filters = value.filters, let lists = value.lists, let colors = value.colors,
        !scoped || value.shared != nil
      else { return nil }
      return Value(filters: filters, lists: lists, shared: value.shared ?? [], colors: colors)
    }
  }
}
