import Foundation
import Persistence
import Synchronization

// MARK: - Observing what a page shows

/// The live lists and the live todos of one list, as committed, with the store's change
/// sequence they reflect.
public struct ListObservation: Equatable, Sendable {
  /// The live lists in user order.
  public var lists: [TodoList]
  /// The observed list.
  public var listID: UUID
  /// Its live todos in user order.
  public var todos: [Todo]
  /// The store's change sequence of the newest commit reflected.
  public var sequence: UInt64

  /// Creates an observation value.
  public init(lists: [TodoList], listID: UUID, todos: [Todo], sequence: UInt64) {
    self.lists = lists
    self.listID = listID
    self.todos = todos
    self.sequence = sequence
  }
}

extension TodoService {
  /// The shortest time between two values of a page's observation: a list that commits
  /// arrive at faster than this is shown once per frame (about 60 a second), each update
  /// covering every commit of the frame; an isolated commit is shown at once.
  static let pageFrame = Duration.milliseconds(16)

  /// The live lists and the live todos of `listID`: the current value first, then a new
  /// value after every commit that changes either, from this process or another one. A
  /// consumer that is slower than the commits receives the newest value, not every one.
  ///
  /// Built on `Persistence` observation: every observer of the same list shares one
  /// observation, updated incrementally from each commit's change record, so a change to one
  /// todo costs the same whatever the number of pages open on the list, and no page re-reads
  /// its list.
  ///
  /// With a principal, the lists are those it may see, and the todos those of `listID` only
  /// while it may see that list: a list shared with it appears, and one no longer shared
  /// disappears with its todos, at the commit that shares or revokes it.
  ///
  /// - Parameter listID: The list (a list that does not exist, or that the principal may not
  ///   see, yields no todos).
  public func observe(list listID: UUID) -> AsyncThrowingStream<ListObservation, any Error> {
    let context = container.viewContext
    let lists = context.observe(Self.liveLists, frame: Self.pageFrame)
    let todos = context.observe(Self.liveTodos(inList: listID), frame: Self.pageFrame)
    let principal = self.principal
    let shares = principal.map {
      context.observe(
        FetchRequest<ListShare>(filter: ListShare.accountIDAttribute == $0.accountID),
        frame: Self.pageFrame)
    }
    // Only the newest value waits for a slow consumer: each value is the whole list, so a
    // page that falls behind skips straight to the present.
    return AsyncThrowingStream(bufferingPolicy: .bufferingNewest(1)) { continuation in
      let latest = LatestPair(scoped: principal != nil)
      let publish: @Sendable (LatestPair.Value?) -> Void = {
        guard let value = $0 else { return }
        var lists = value.lists ?? []
        var todos = value.todos ?? []
        if let principal {
          let shared = value.shared ?? []
          lists = lists.filter { $0.ownerID == principal.accountID || shared.contains($0.id) }
          if !lists.contains(where: { $0.id == listID }) { todos = [] }
        }
        continuation.yield(
          ListObservation(lists: lists, listID: listID, todos: todos, sequence: value.sequence))
      }
      let task = Task {
        do {
          try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
              for try await results in lists {
                publish(latest.set(lists: results.objects, sequence: results.sequence))
              }
            }
            group.addTask {
              for try await results in todos {
                publish(latest.set(todos: results.objects, sequence: results.sequence))
              }
            }
            if let shares {
              group.addTask {
                for try await results in shares {
                  publish(
                    latest.set(
                      shared: Set(results.objects.map(\.listID)), sequence: results.sequence))
                }
              }
            }
            try await group.waitForAll()
          }
          continuation.finish()
        } catch {
          continuation.finish(throwing: error)
        }
      }
      continuation.onTermination = { _ in task.cancel() }
    }
  }
}

/// The latest lists, todos (and, for a principal, shared lists) of an observation; a value
/// once all have arrived.
private final class LatestPair: Sendable {
  struct Value {
    var lists: [TodoList]?
    var todos: [Todo]?
    var shared: Set<UUID>?
    var sequence: UInt64 = 0
  }
  private let value = Mutex<Value>(Value())
  private let scoped: Bool

  init(scoped: Bool) {
    self.scoped = scoped
  }

  func set(
    lists: [TodoList]? = nil, todos: [Todo]? = nil, shared: Set<UUID>? = nil, sequence: UInt64
  ) -> Value? {
    value.withLock { value in
      if let lists { value.lists = lists }
      if let todos { value.todos = todos }
      if let shared { value.shared = shared }
      value.sequence = max(value.sequence, sequence)
      guard value.lists != nil, value.todos != nil, !scoped || value.shared != nil else {
        return nil
      }
      return value
    }
  }
}

extension TodoService {
  /// Whether the store can be reached, each time that changes: `false` when the database
  /// server went away (reads and writes fail with ``TodoError/unavailable(_:)`` meanwhile),
  /// `true` when it is back and every change missed meanwhile was published. Nothing is
  /// yielded while the store stays reachable (a SQLite store always is).
  public func reachabilityChanges() -> AsyncStream<Bool> {
    let updates = container.availabilityUpdates()
    return AsyncStream(bufferingPolicy: .bufferingNewest(1)) { continuation in
      let task = Task {
        var reachable = true
        for await availability in updates {
          let now = availability == .available
          guard now != reachable else { continue }
          reachable = now
          continuation.yield(now)
        }
        continuation.finish()
      }
      continuation.onTermination = { _ in task.cancel() }
    }
  }
}
