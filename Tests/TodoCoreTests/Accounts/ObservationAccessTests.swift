import Foundation
import Testing

@testable import TodoCore

/// Every value of one observation, kept in order, so that a test can wait for the next value
/// that satisfies a condition and then look at the values in between.
///
/// It waits for values, never for time: the deadline only turns a value that never comes into
/// a failure instead of a hung test (as `LivePageFixture.loaded(_:when:)`).
actor ObservationLog {
  private(set) var values: [ListObservation] = []
  private var finished = false
  private var waiters:
    [UUID: (
      from: Int, condition: @Sendable (ListObservation) -> Bool,
      continuation: CheckedContinuation<Int?, Never>
    )] = [:]
  private var consumer: Task<Void, Never>?

  /// Starts recording `observation`.
  static func start(_ observation: AsyncThrowingStream<ListObservation, any Error>) async
    -> ObservationLog
  {
    let log = ObservationLog()
    await log.consume(observation)
    return log
  }

  private func consume(_ observation: AsyncThrowingStream<ListObservation, any Error>) {
    consumer = Task {
      do {
        for try await value in observation { self.append(value) }
      } catch {}
      self.finish()
    }
  }

  private func append(_ value: ListObservation) {
    values.append(value)
    let index = values.count - 1
    for (id, waiter) in waiters where index >= waiter.from && waiter.condition(value) {
      waiters[id] = nil
      waiter.continuation.resume(returning: index)
    }
  }

  private func finish() {
    finished = true
    for waiter in waiters.values { waiter.continuation.resume(returning: nil) }
    waiters = [:]
  }

  private func timeOut(_ id: UUID) {
    waiters.removeValue(forKey: id)?.continuation.resume(returning: nil)
  }

  /// The index of the first value at or after `from` that satisfies `condition`: one
  /// recorded already, or the next one to come; `nil` if none comes within 10 s.
  func index(from: Int, where condition: @escaping @Sendable (ListObservation) -> Bool) async
    -> Int?
  {
    if from < values.count, let index = values[from...].firstIndex(where: condition) {
      return index
    }
    if finished { return nil }
    let id = UUID()
    let timer = Task {
      try? await Task.sleep(for: .seconds(10))
      self.timeOut(id)
    }
    defer { timer.cancel() }
    return await withCheckedContinuation { continuation in
      waiters[id] = (from, condition, continuation)
    }
  }

  /// Stops recording.
  func stop() {
    consumer?.cancel()
  }
}

@Suite("Accounts: observing a list acts for the principal", .timeLimit(.minutes(1)))
struct ObservationAccessTests {
  @Test("a list appears at the commit that shares it, with its todos, and leaves at the revoke")
  func shareAndRevoke() async throws {
    try await AccessWorld.with { world in
      let alice = world.service(.owner)
      let groceries = world.groceries.id
      let log = await ObservationLog.start(world.service(.stranger).observe(list: groceries))
      var position = 0
      func next(
        sourceLocation: SourceLocation = #_sourceLocation,
        where condition: @escaping @Sendable (ListObservation) -> Bool
      ) async throws -> ListObservation {
        let index = try #require(
          await log.index(from: position, where: condition), "no such value came",
          sourceLocation: sourceLocation)
        position = index + 1
        return await log.values[index]
      }

      // Not shared: no such list, no todos.
      let first = try await next { _ in true }
      #expect(first.listID == groceries)
      #expect(first.lists.map(\.id) == [world.dave.inboxID])
      #expect(first.todos.isEmpty)

      // Alice adds a todo: nothing Dave sees changes, so no value of his shows it (the
      // observation sends none for a commit that changes nothing its observer sees).
      let bread = try await alice.createTodo(NewTodo(title: "Bread", listID: groceries))
      let committed = try await observed(alice, groceries) { value in
        value.todos.contains { $0.id == bread.id }
      }

      // Shared: the first value with the list has its todos; none before it had any.
      try await alice.share(list: groceries, with: "dave", as: .viewer)
      let shared = try await next { value in value.lists.contains { $0.id == groceries } }
      #expect(shared.lists.map(\.id) == [world.dave.inboxID, groceries])
      #expect(shared.todos.map(\.id) == [world.milk.id, bread.id])
      #expect(shared.sequence > committed.sequence)
      let unshared = await log.values[..<(position - 1)]
      #expect(unshared.allSatisfy { $0.todos.isEmpty && $0.agenda.isEmpty })

      // A later change of the list reaches him.
      let done = try await alice.updateTodo(id: bread.id, TodoPatch(status: .done))
      let changed = try await next { value in value.todos.contains { $0 == done } }
      #expect(changed.lists.map(\.id) == [world.dave.inboxID, groceries])

      // Revoked: the next value without the list has no todos, and none before it lost them.
      let before = position
      try await alice.unshare(list: groceries, from: world.dave.id)
      let revoked = try await next { value in !value.lists.contains { $0.id == groceries } }
      #expect(revoked.todos.isEmpty)
      #expect(revoked.lists.map(\.id) == [world.dave.inboxID])
      let between = await log.values[before..<(position - 1)]
      #expect(between.allSatisfy { $0.lists.contains { $0.id == groceries } })

      // Every value: todos only while the list is there.
      for value in await log.values where !value.todos.isEmpty {
        #expect(value.lists.contains { $0.id == groceries })
      }
      await log.stop()
    }
  }

  @Test("an editor's observation drops the list when its owner trashes it or changes the role")
  func roleChangeAndTrash() async throws {
    try await AccessWorld.with { world in
      let alice = world.service(.owner)
      let bob = world.service(.editor)
      let groceries = world.groceries.id
      let seen = try await observed(bob, groceries) { value in
        value.todos.map(\.id) == [world.milk.id]
      }
      #expect(seen.lists.map(\.id) == [world.bob.inboxID, groceries])

      // A viewer still sees it.
      try await alice.share(list: groceries, with: "bob", as: .viewer)
      let viewer = try await observed(bob, groceries)
      #expect(viewer.todos.map(\.id) == [world.milk.id])

      _ = try await alice.trashList(id: groceries)
      let trashed = try await observed(bob, groceries) { value in
        !value.lists.contains { $0.id == groceries }
      }
      #expect(trashed.todos.isEmpty)
      #expect(trashed.lists.map(\.id) == [world.bob.inboxID])
    }
  }

  @Test("a principal's observation of its own Inbox holds only its lists")
  func ownInbox() async throws {
    try await AccessWorld.with { world in
      let carol = world.service(.viewer)
      let todo = try await carol.createTodo(NewTodo(title: "Carol's"))
      let value = try await observed(carol, world.carol.inboxID) { value in
        value.todos.map(\.id) == [todo.id]
      }
      #expect(value.lists.map(\.id) == [world.carol.inboxID, world.groceries.id])
      // And an observation of another account's Inbox yields nothing of it.
      let other = try await observed(carol, TodoList.inboxID)
      #expect(other.todos.isEmpty)
      #expect(!other.lists.contains { $0.id == TodoList.inboxID })
    }
  }
}
