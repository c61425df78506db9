import Diffable
import Foundation
import Persistence

extension PersistenceBenchmark {
  struct ObserveTimes {
    var p50: Double
    var p99: Double
    var refetch: Double
    var save: Double
    var snapshot: Double
  }

  /// Building a Diffable snapshot of `count` identifiers alone: a floor for any observer
  /// that delivers a fresh snapshot per commit.
  func measureSnapshotBuild(_ count: Int) throws -> Double {
    let ids = (0..<count).map { _ in UUID() }
    return try Measure.bestMilliseconds(repetitions: 20) {
      var snapshot = Snapshot<StoredValue, UUID>()
      try snapshot.appendSections([.null])
      try snapshot.appendItems(ids, toSection: .null)
      precondition(snapshot.numberOfItems == count)
    }
  }

  /// Saves one changed object at a time in a background context while the view context
  /// observes all objects, and measures from the start of `save()` (so the commit itself is
  /// included) to the delivery of the new value with its snapshot and changeset.
  func measureObservation(_ directory: BenchDirectory) async throws -> ObserveTimes {
    let container = try await PersistentContainer(
      .file(directory.newFile("observe")), entities: [BenchTodo.self])
    defer { try? container.close() }
    let setup = container.newBackgroundContext()
    var todos = BenchTodo.make(observedCount)
    for todo in todos { try setup.insert(todo) }
    try await setup.save()

    let request = FetchRequest<BenchTodo>(
      sortedBy: [BenchTodo.priorityAttribute.ascending, BenchTodo.titleAttribute.ascending])
    let refetch = try await Measure.elapsedMilliseconds {
      _ = try await container.newBackgroundContext().fetch(request)
    }

    let clock = ContinuousClock()
    let (deliveries, delivered) = AsyncStream.makeStream(of: ContinuousClock.Instant.self)
    let consumer = Task {
      var first = true
      for try await results in container.viewContext.observe(request) {
        precondition(results.objects.count == observedCount)
        if first {
          first = false
          delivered.yield(clock.now)
          continue
        }
        _ = results.changeset.count + results.snapshot.numberOfItems
        delivered.yield(clock.now)
      }
    }
    defer { consumer.cancel() }
    var arrivals = deliveries.makeAsyncIterator()
    _ = await arrivals.next()

    let writer = container.newBackgroundContext()
    _ = try await writer.fetch(request)
    var samples: [Double] = []
    var saves: [Double] = []
    var random = SystemRandomNumberGenerator()
    for round in 0..<commits {
      let index = Int.random(in: 0..<todos.count, using: &random)
      todos[index].title = "Changed \(round)"
      todos[index].priority = Int.random(in: 0..<5, using: &random)
      try writer.update(todos[index])
      let start = clock.now
      try await writer.save()
      saves.append((clock.now - start).milliseconds)
      guard let arrival = await arrivals.next() else { break }
      samples.append((arrival - start).milliseconds)
    }
    return ObserveTimes(
      p50: Measure.percentile(samples, 0.5), p99: Measure.percentile(samples, 0.99),
      refetch: refetch, save: Measure.percentile(saves, 0.5),
      snapshot: try measureSnapshotBuild(observedCount))
  }
}
