import Foundation
import Persistence
import PersistenceTestEntities
import Testing

/// Observing through callbacks (`ModelContext.subscribe`): the same shared observation as an
/// async sequence, without a task per observer.
@Suite("Observation by callback")
struct ObservationSubscribeTests {
  @Test("Values are handed over as they are published; cancelling leaves the observation")
  func valuesAndCancellation() async throws {
    try await withContainer { container, _ in
      let list = UUID()
      let request = Todo.byPriority(in: list)
      let observersBefore = container.observerCount
      let (values, input) = AsyncStream.makeStream(of: [String].self)
      let subscription = container.viewContext.subscribe(
        request, onValue: { input.yield($0.objects.map(\.title)) }, onEnd: { _ in input.finish() })
      var received = values.makeAsyncIterator()
      #expect(await received.next() == [])
      let context = container.newBackgroundContext()
      try context.insert(Todo.sample("First", list: list, priority: 1))
      try await context.save()
      #expect(await received.next() == ["First"])
      #expect(container.observerCount == observersBefore + 1)
      subscription.cancel()
      #expect(container.observerCount == observersBefore)
    }
  }

  @Test("Observers that join while nothing is committed share one first value")
  func joinersShareTheFirstValue() async throws {
    try await withContainer { container, _ in
      let list = UUID()
      let context = container.newBackgroundContext()
      try context.insert(Todo.sample("Kept", list: list, priority: 1))
      try await context.save()
      let request = Todo.byPriority(in: list)
      var firsts: [FetchedResults<Todo>] = []
      var subscriptions: [ObservationSubscription] = []
      defer { for subscription in subscriptions { subscription.cancel() } }
      // One after another, each waiting for its first value, as pages open.
      for _ in 0..<3 {
        let (values, input) = AsyncStream.makeStream(of: FetchedResults<Todo>.self)
        subscriptions.append(
          container.viewContext.subscribe(
            request, onValue: { input.yield($0) }, onEnd: { _ in input.finish() }))
        var received = values.makeAsyncIterator()
        firsts.append(try #require(await received.next()))
      }
      let storage = firsts.map { $0.sections.withUnsafeBufferPointer { $0.baseAddress } }
      #expect(firsts.allSatisfy { $0.objects.map(\.title) == ["Kept"] })
      #expect(storage[0] != nil)
      #expect(Set(storage).count == 1)
    }
  }
}
