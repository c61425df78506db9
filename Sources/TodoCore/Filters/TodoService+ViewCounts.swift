import Foundation
import Persistence
import Synchronization

extension TodoService {
  /// The principal's saved filters with their counts, "Assigned to me" and tag colours, for
  /// every page of the principal in `day`'s time zone (``ViewsHub``): a value once all its
  /// parts arrived, then one per frame at most whenever a count changes, and one with a new
  /// ``ViewCounts/setup`` whenever what the queries are built from changes.
  func observeViewCounts(day: AgendaDay) -> ViewsHub.Source {
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
    let container = self.container
    let setup = ViewSetup(scoped: principal != nil)
    let (configurations, next) = AsyncThrowingStream.makeStream(
      of: ViewSetup.Value.self, bufferingPolicy: .bufferingNewest(1))
    let inputs = Task {
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
    next.onTermination = { _ in inputs.cancel() }
    _ = setup.set(day: day)
    let values = AsyncThrowingStream<ViewCounts, any Error>(bufferingPolicy: .bufferingNewest(1)) {
      continuation in
      let task = Task {
        var running: Task<Void, Never>?
        defer { running?.cancel() }
        do {
          var current: ViewSetup.Value?
          let yielded = CountsYielded(to: continuation)
          for try await value in configurations {
            // A tag's colour changes no count: it goes out with the counts as they are,
            // without observing every query again.
            yielded.recolor(value.colors)
            var uncoloured = value
            uncoloured.colors = [:]
            guard uncoloured != current else { continue }
            current = uncoloured
            running?.cancel()
            let run = yielded.nextRun()
            let counted = CountedSetup(
              setup: run, filters: value.filters, lists: value.visibleLists(for: principal),
              day: value.day, me: principal?.accountID)
            running = Task {
              do {
                try await Self.observe(counted, in: container, yielding: yielded)
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
      continuation.onTermination = { _ in
        task.cancel()
        next.finish()
      }
    }
    return ViewsHub.Source(
      values: values,
      setDay: { day in if let value = setup.set(day: day) { next.yield(value) } })
  }

  /// Observes each distinct query of the setup's filters (and "Assigned to me" for a
  /// person), yielding their counts whenever one of them changes, once all have a first
  /// value.
  private static func observe(
    _ setup: CountedSetup, in container: PersistentContainer, yielding yielded: CountsYielded
  ) async throws {
    var requests: [String: FetchRequest<Todo>] = [:]
    let assigned = setup.me.map { _ in [ViewsObservation.assignedToMeQuery] } ?? []
    for query in setup.filters.map(\.query) + assigned where requests[query] == nil {
      guard let parsed = try? TodoQuery(parsing: query) else { continue }
      requests[query] = request(for: parsed, day: setup.day, lists: setup.lists, me: setup.me)
    }
    let expected = requests.count
    let latest = Mutex(CountResults())
    let combined: @Sendable () -> ViewCounts? = {
      latest.withLock { latest in
        guard latest.todos.count == expected else { return nil }
        var counts: [UUID: Int] = [:]
        for filter in setup.filters {
          if let todos = latest.todos[filter.query] { counts[filter.id] = todos.count }
        }
        return ViewCounts(
          setup: setup.setup, filters: setup.filters, counts: counts, todos: latest.todos,
          assignedToMe: assigned.first.flatMap { latest.todos[$0]?.count }, colors: [:],
          sequence: latest.sequence, lists: setup.lists, day: setup.day, me: setup.me)
      }
    }
    guard !requests.isEmpty else {
      if let value = combined() { yielded.yield(value) }
      return
    }
    // Each query's observation publishes once per frame, but a commit to one filter and the
    // next to another come through different observations: the counts are combined once per
    // frame too, whatever the number of queries that changed in it (the first change after a
    // quiet frame goes out at once).
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
          if let value = combined() { yielded.yield(value) }
          try await Task.sleep(for: pageFrame)
        }
      }
      try await group.waitForAll()
    }
  }
}

/// What one setup of the counts observes, and for whom.
private struct CountedSetup: Sendable {
  var setup: Int
  var filters: [SavedFilter]
  var lists: [TodoList]
  var day: AgendaDay
  var me: UUID?
}

/// The latest todos of each query of a counts observation.
private struct CountResults {
  var todos: [String: [Todo]] = [:]
  var sequence = ChangeSequence.zero
}

/// What a counts observation told its pages last, over every setup it ran: a value of a
/// setup that another replaced is not yielded, nor one that changes nothing but the sequence.
/// Every value carries the person's latest tag colours.
private final class CountsYielded: Sendable {
  private struct State {
    var run = 0
    var last: ViewCounts?
    var colors: [String: TagColor] = [:]
  }
  private let state = Mutex(State())
  private let continuation: AsyncThrowingStream<ViewCounts, any Error>.Continuation

  init(to continuation: AsyncThrowingStream<ViewCounts, any Error>.Continuation) {
    self.continuation = continuation
  }

  /// The number of a new setup: values of the setups before it are dropped from now on.
  func nextRun() -> Int {
    state.withLock { state in
      state.run += 1
      return state.run
    }
  }

  /// Takes the person's tag colours: the last value goes out again with them, if they are
  /// new.
  func recolor(_ colors: [String: TagColor]) {
    state.withLock { state in
      guard colors != state.colors else { return }
      state.colors = colors
      guard var last = state.last else { return }
      last.colors = colors
      state.last = last
      continuation.yield(last)
    }
  }

  /// Yields `value` of its setup, with the latest tag colours, unless a newer setup runs or
  /// it changes nothing.
  func yield(_ value: ViewCounts) {
    var value = value
    // Under the lock, so that two values yield in the order they were decided.
    state.withLock { state in
      guard value.setup == state.run else { return }
      value.colors = state.colors
      if var unchanged = state.last {
        unchanged.sequence = value.sequence
        guard value != unchanged else { return }
      }
      state.last = value
      continuation.yield(value)
    }
  }
}

/// The latest saved filters, lists, tag colours, day and (for a principal) shared lists of a
/// counts observation: what its queries are built from and what its values carry; a value
/// once all have arrived.
private final class ViewSetup: Sendable {
  struct Value: Equatable, Sendable {
    var filters: [SavedFilter]
    var lists: [TodoList]
    var shared: Set<UUID>
    var colors: [String: TagColor]
    var day: AgendaDay

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
    var day: AgendaDay?
  }

  private let value = Mutex(Partial())
  private let scoped: Bool

  init(scoped: Bool) {
    self.scoped = scoped
  }

  func set(
    filters: [SavedFilter]? = nil, lists: [TodoList]? = nil, shared: Set<UUID>? = nil,
    colors: [String: TagColor]? = nil, day: AgendaDay? = nil
  ) -> Value? {
    value.withLock { value in
      if let filters { value.filters = filters }
      if let lists { value.lists = lists }
      if let shared { value.shared = shared }
      if let colors { value.colors = colors }
      if let day { value.day = day }
      guard let filters = value.filters, let lists = value.lists, let colors = value.colors,
        let day = value.day, !scoped || value.shared != nil
      else { return nil }
      return Value(
        filters: filters, lists: lists, shared: value.shared ?? [], colors: colors, day: day)
    }
  }
}
