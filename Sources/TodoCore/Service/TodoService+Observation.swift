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
  /// - Parameter listID: The list (a list that does not exist yields no todos).
  public func observe(list listID: UUID) -> AsyncThrowingStream<ListObservation, any Error> {
    let context = container.viewContext
    let lists = context.observe(Self.liveLists, frame: Self.pageFrame)
    let todos = context.observe(Self.liveTodos(inList: listID), frame: Self.pageFrame)
    // Only the newest value waits for a slow consumer: each value is the whole list, so a
    // page that falls behind skips straight to the present.
    return AsyncThrowingStream(bufferingPolicy: .bufferingNewest(1)) { continuation in
      let latest = LatestPair()
      let publish: @Sendable ((lists: [TodoList], todos: [Todo], sequence: UInt64)?) -> Void = {
        guard let value = $0 else { return }
        continuation.yield(
          ListObservation(
            lists: value.lists, listID: listID, todos: value.todos, sequence: value.sequence))
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

/// The latest lists and todos of an observation; a value once both arrived.
private final class LatestPair: Sendable {
  private struct Value {
    var lists: [TodoList]?
    var todos: [Todo]?
    var sequence: UInt64 = 0
  }
  private let value = Mutex<Value>(Value())

  func set(lists: [TodoList]? = nil, todos: [Todo]? = nil, sequence: UInt64)
    -> (lists: [TodoList], todos: [Todo], sequence: UInt64)?
  {
    value.withLock { value in
      if let lists { value.lists = lists }
      if let todos { value.todos = todos }
      value.sequence = max(value.sequence, sequence)
      guard let lists = value.lists, let todos = value.todos else { return nil }
      return (lists, todos, value.sequence)
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
