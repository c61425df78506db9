import Foundation
import GRDB
import Persistence
import PersistenceTestEntities
import Testing

@Suite("User order")
struct OrderingTests {
  /// Versions of every item, read outside the library.
  private func versions(_ directory: TemporaryDirectory) async throws -> [String: Int] {
    var result: [String: Int] = [:]
    for row in try await OutsideConnection(directory).rows("SELECT id, version FROM item") {
      result[row[0] ?? ""] = Int(row[1] ?? "")
    }
    return result
  }

  private func seed(
    _ context: ModelContext, list: UUID, count: Int
  ) async throws -> [Item] {
    var items: [Item] = []
    for index in 0..<count {
      items.append(
        try await context.insert(Item(listID: list, title: "Item \(index)"), at: .bottom))
    }
    try await context.save()
    return items
  }

  @Test("A move writes one row and a delete writes no sibling")
  func moveAndDeleteTouchOneRow() async throws {
    try await withContainer(entities: [Item.self]) { container, directory in
      let context = container.viewContext
      let list = UUID()
      let items = try await seed(context, list: list, count: 50)
      let before = try await versions(directory)

      try await context.move(items[40], before: items[3])
      let moved = try await context.save()
      #expect(moved.rowsWritten == 1)
      var after = try await versions(directory)
      let changed = after.filter { before[$0.key] != $0.value }
      #expect(changed.count == 1)
      #expect(changed.keys.first == OutsideConnection.hex(items[40].id))

      var expected = items.map(\.title)
      expected.insert(expected.remove(at: 40), at: 3)
      #expect(try await context.fetch(Item.inList(list)).map(\.title) == expected)

      let snapshot = after
      try context.delete(items[10])
      let deleted = try await context.save()
      #expect(deleted.rowsWritten == 1)
      after = try await versions(directory)
      #expect(after.count == snapshot.count - 1)
      #expect(after.allSatisfy { snapshot[$0.key] == $0.value })
    }
  }

  @Test("Repeated inserts at one spot rebalance a window of that collection, in one save, in order")
  func rebalanceKeepsOrder() async throws {
    try await withContainer(entities: [Item.self]) { container, directory in
      let context = container.viewContext
      let list = UUID()
      let otherList = UUID()
      var model = try await seed(context, list: list, count: 5).map(\.id)
      _ = try await seed(context, list: otherList, count: 5)
      let otherIDs = Set(
        try await context.fetch(Item.inList(otherList)).map { OutsideConnection.hex($0.id) })

      var rebalanced = false
      for round in 0..<60 {
        let anchor = model[1]
        let item = try await context.insert(
          Item(listID: list, title: "Wedge \(round)"), at: .before(anchor))
        model.insert(item.id, at: 1)
        let summary = try await context.save()
        if summary.updated > 0 {
          rebalanced = true
          // A window of neighbours (16 members beyond each neighbour of the spot, and the
          // members between) was rewritten in the same transaction as the insert, not the
          // whole collection.
          #expect(summary.inserted == 1)
          #expect(summary.updated <= 2 * 16 + 2)
          if model.count > 40 { #expect(summary.updated < model.count - 1) }
        }
        let stored = try await context.fetch(Item.inList(list))
        #expect(stored.map(\.id) == model, "round \(round)")
        #expect(stored.allSatisfy { !$0.position.needsRebalance })
      }
      #expect(rebalanced)
      let versions = try await versions(directory)
      #expect(otherIDs.allSatisfy { versions[$0] == 1 })
    }
  }

  @Test("Random inserts, moves and deletes keep the user order")
  func randomEdits() async throws {
    try await withContainer(entities: [Item.self]) { container, _ in
      var random = SeededRandom(seed: 99)
      let context = container.viewContext
      let list = UUID()
      var model: [Item] = try await seed(context, list: list, count: 3)
      for round in 0..<300 {
        switch Int.random(in: 0..<10, using: &random) {
        case 0..<4:
          let item = Item(listID: list, title: "New \(round)")
          let placement: Placement
          var index = 0
          if model.isEmpty || Bool.random(using: &random) {
            placement = Bool.random(using: &random) ? .top : .bottom
            index = placement == .top ? 0 : model.count
          } else {
            let anchor = Int.random(in: 0..<model.count, using: &random)
            let before = Bool.random(using: &random)
            placement = before ? .before(model[anchor].id) : .after(model[anchor].id)
            index = before ? anchor : anchor + 1
          }
          model.insert(try await context.insert(item, at: placement), at: index)
        case 4..<8 where model.count > 1:
          let from = Int.random(in: 0..<model.count, using: &random)
          var to = Int.random(in: 0..<model.count, using: &random)
          if to == from { to = (from + 1) % model.count }
          let item = model[from]
          let anchor = model[to]
          let moved =
            to > from
            ? try await context.move(item, after: anchor)
            : try await context.move(item, before: anchor)
          model.remove(at: from)
          model.insert(moved, at: to)
        case 8 where !model.isEmpty:
          let index = Int.random(in: 0..<model.count, using: &random)
          try context.delete(model.remove(at: index))
        default:
          try await context.save()
        }
        let fetched = try await context.fetch(Item.inList(list))
        #expect(fetched.map(\.id) == model.map(\.id), "round \(round)")
        let keys = fetched.map(\.position)
        #expect(zip(keys, keys.dropFirst()).allSatisfy { $0 < $1 }, "round \(round)")
      }
      try await context.save()
      let stored = try await container.newBackgroundContext().fetch(Item.inList(list))
      #expect(stored.map(\.id) == model.map(\.id))
    }
  }

  @Test("Ordering errors are typed")
  func orderingErrors() async throws {
    try await withContainer(entities: [Item.self, Todo.self]) { container, _ in
      let context = container.viewContext
      await #expect(throws: PersistenceError.notOrdered(entity: "todo")) {
        try await context.insert(Todo.sample("x"), at: .top)
      }
      let a = try await context.insert(Item(listID: UUID(), title: "a"), at: .top)
      let b = try await context.insert(Item(listID: UUID(), title: "b"), at: .top)
      await #expect(throws: PersistenceError.notOrdered(entity: "item")) {
        try await context.move(a, before: b)
      }
      let ghost = UUID()
      await #expect(throws: PersistenceError.notFound(entity: "item", id: ghost)) {
        try await context.move(a, to: .after(ghost))
      }
    }
  }
}

extension StoredValue {
  /// The bytes of a blob value (UUIDs are stored as 16-byte blobs).
  var blobData: Data? {
    if case .blob(let data) = self { return data }
    return nil
  }
}
