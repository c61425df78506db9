import Foundation
import Persistence

/// An object in a user-ordered list.
@Entity("item")
struct BenchItem {
  var id = UUID()
  var listID: UUID
  var title: String
  var position: OrderKey

  static let ordering: Ordering<BenchItem>? = Ordering(
    key: positionAttribute, collection: listIDAttribute)
  static let migrations = [
    Migration("create", [.createTable()]),
    Migration("index-order", [.createIndex("item_order", on: ["listID", "position"])]),
  ]
}

extension PersistenceBenchmark {
  /// Moves one object into the middle of a list of `observedCount` objects and returns the
  /// rows the save wrote.
  func measureMove(_ directory: BenchDirectory) async throws -> Int {
    try await Self.measureMove(in: .file(directory.newFile("move")), count: observedCount)
  }

  /// Moves one object into the middle of a list of `count` objects in the store at
  /// `location` and returns the rows the save wrote.
  static func measureMove(in location: StoreLocation, count: Int) async throws -> Int {
    let container = try await PersistentContainer(location, entities: [BenchItem.self])
    defer { try? container.close() }
    let list = UUID()
    let keys = try OrderKey.spaced(count, between: nil, and: nil)
    let setup = container.newBackgroundContext()
    for (index, key) in keys.enumerated() {
      try setup.insert(BenchItem(listID: list, title: "Item \(index)", position: key))
    }
    try await setup.save()

    let context = container.newBackgroundContext()
    let items = try await context.fetch(
      FetchRequest<BenchItem>(
        filter: BenchItem.listIDAttribute == list,
        sortedBy: [BenchItem.positionAttribute.ascending]))
    try await context.move(items[0], before: items[items.count / 2])
    return try await context.save().rowsWritten
  }
}
