import Foundation
import Persistence
import PersistenceTestEntities
import Testing

@Suite("Observation")
struct ObservationTests {
  @Test("The current value comes first, then a value per commit that changes the result")
  func emitsOnRelevantCommitsOnly() async throws {
    try await withContainer { container, _ in
      let list = UUID()
      let request = Todo.byPriority(in: list)
      let view = container.viewContext
      try view.insert(Todo.sample("First", list: list, priority: 1))
      try await view.save()

      let collector = ResultsCollector(view.observe(request))
      defer { collector.cancel() }
      try await collector.waitFor { $0.objects.map(\.title) == ["First"] }

      let background = container.newBackgroundContext()
      // Not in the observed list: no value.
      try background.insert(Todo.sample("Elsewhere", list: UUID()))
      try await background.save()
      try background.insert(Todo.sample("Second", list: list, priority: 0))
      try await background.save()
      try await collector.waitFor { $0.objects.map(\.title) == ["Second", "First"] }
      #expect(collector.all.count == 2)
    }
  }

  @Test("Updates that change position, leave or join the result are applied in order")
  func incrementalUpdates() async throws {
    try await withContainer { container, _ in
      let request = FetchRequest<Todo>(
        filter: Todo.doneAttribute == false,
        sortedBy: [Todo.priorityAttribute.ascending, Todo.titleAttribute.ascending])
      let context = container.newBackgroundContext()
      var a = Todo.sample("A", priority: 1)
      let b = Todo.sample("B", priority: 2)
      try context.insert(a)
      try context.insert(b)
      try await context.save()

      let collector = ResultsCollector(container.viewContext.observe(request))
      defer { collector.cancel() }
      try await collector.waitFor { $0.objects.map(\.title) == ["A", "B"] }
      a.priority = 3
      try context.update(a)
      try await context.save()
      try await collector.waitFor { $0.objects.map(\.title) == ["B", "A"] }
      #expect(collector.all.last?.updatedIDs == [a.id])
      a.done = true
      try context.update(a)
      try await context.save()
      try await collector.waitFor { $0.objects.map(\.title) == ["B"] }
      try context.delete(b)
      try await context.save()
      try await collector.waitFor { $0.objects.isEmpty }
    }
  }

  @Test("Dropping the iterator or cancelling the task ends the observation")
  func cancellation() async throws {
    try await withContainer { container, _ in
      let context = container.viewContext
      let hubBefore = container.observerCount
      do {
        var iterator = context.observe(FetchRequest<Todo>()).makeAsyncIterator()
        _ = try await iterator.next()
        #expect(container.observerCount == hubBefore + 1)
      }
      #expect(container.observerCount == hubBefore)

      let (started, signal) = AsyncStream.makeStream(of: Void.self)
      let task = Task {
        var count = 0
        for try await _ in context.observe(FetchRequest<Todo>()) {
          count += 1
          signal.yield()
        }
        return count
      }
      var first = started.makeAsyncIterator()
      _ = await first.next()
      task.cancel()
      #expect(try await task.value == 1)
      #expect(container.observerCount == hubBefore)
    }
  }

  @Test("Paged requests are refetched and still emit only when their page changes")
  func pagedRequests() async throws {
    try await withContainer { container, _ in
      let context = container.newBackgroundContext()
      for priority in 0..<5 { try context.insert(Todo.sample("P\(priority)", priority: priority)) }
      try await context.save()
      let page = FetchRequest<Todo>(sortedBy: [Todo.priorityAttribute.ascending], limit: 2)
      let collector = ResultsCollector(container.viewContext.observe(page))
      defer { collector.cancel() }
      try await collector.waitFor { $0.objects.map(\.title) == ["P0", "P1"] }
      try context.insert(Todo.sample("P9", priority: 9))
      try await context.save()
      try context.insert(Todo.sample("Pminus", priority: -1))
      try await context.save()
      try await collector.waitFor { $0.objects.map(\.title) == ["Pminus", "P0"] }
      #expect(collector.all.count == 2)
    }
  }

  @Test("An in-memory container works the same way")
  func inMemory() async throws {
    let container = try await PersistentContainer(.inMemory, entities: [Todo.self])
    let context = container.viewContext
    let collector = ResultsCollector(context.observe(FetchRequest<Todo>()))
    defer { collector.cancel() }
    try context.insert(Todo.sample("Memory"))
    try await context.save()
    try await collector.waitFor { $0.objects.map(\.title) == ["Memory"] }

    // Closing the container ends its observations.
    let (started, signal) = AsyncStream.makeStream(of: Void.self)
    let ended = Task {
      var count = 0
      for try await _ in context.observe(FetchRequest<Todo>()) {
        count += 1
        signal.yield()
      }
      return count
    }
    var iterator = started.makeAsyncIterator()
    _ = await iterator.next()
    try container.close()
    #expect(try await ended.value == 1)
  }

  @Test("After a write, the published sequence is its commit's: an observer at it has seen it")
  func publishedSequenceCoversTheWrite() async throws {
    try await withContainer { container, _ in
      let list = UUID()
      let request = FetchRequest<Todo>(filter: Todo.listIDAttribute == list)
      #expect(container.publishedSequence == .zero)
      let collector = ResultsCollector(container.viewContext.observe(request))
      defer { collector.cancel() }
      try await collector.waitFor { $0.objects.isEmpty }

      try await container.write { tx in _ = try tx.insert(Todo.sample("Elsewhere", list: UUID())) }
      let unseen = container.publishedSequence
      #expect(unseen > .zero)
      try await container.write { tx in _ = try tx.insert(Todo.sample("Milk", list: list)) }
      let written = container.publishedSequence
      #expect(written > unseen)
      // The first value that shows the write is at the published sequence, not before it.
      try await collector.waitFor { $0.objects.map(\.title) == ["Milk"] }
      #expect(collector.all.last?.sequence == written)
    }
  }

  @Test("A commit that changes nothing in a result is reflected by it: a new observer's value")
  func passedOverCommitsAreReflected() async throws {
    try await withContainer { container, _ in
      let list = UUID()
      let request = FetchRequest<Todo>(filter: Todo.listIDAttribute == list)
      try await container.write { tx in _ = try tx.insert(Todo.sample("Milk", list: list)) }
      let collector = ResultsCollector(container.viewContext.observe(request))
      defer { collector.cancel() }
      try await collector.waitFor { $0.objects.map(\.title) == ["Milk"] }

      // Written elsewhere: the running observation is not told, but its result still holds.
      try await container.write { tx in _ = try tx.insert(Todo.sample("Bread", list: UUID())) }
      let elsewhere = container.publishedSequence
      let joining = ResultsCollector(container.viewContext.observe(request))
      defer { joining.cancel() }
      try await joining.waitFor { $0.objects.map(\.title) == ["Milk"] }
      #expect(joining.all.first?.sequence == elsewhere)
      #expect(collector.all.count == 1)

      // The next commit that concerns it comes through, after those passed over.
      try await container.write { tx in _ = try tx.insert(Todo.sample("Eggs", list: list)) }
      try await collector.waitFor { $0.objects.count == 2 }
      #expect(collector.all.last?.sequence == container.publishedSequence)
    }
  }
}
