import Foundation
import GRDB
import Persistence
import PersistenceTestEntities
import Testing

/// User order through write transactions (what the todo server uses): placements against a
/// model, and rebalances that rewrite a window of neighbours, not the whole collection.
@Suite("User order in write transactions")
struct TransactionOrderingTests {
  /// The items of `list` in user order.
  private func stored(_ container: PersistentContainer, _ list: UUID) async throws -> [Item] {
    try await container.read { tx in try tx.fetch(Item.inList(list)) }
  }

  /// How many items of the store were ever rewritten (version above 1), read outside the
  /// library.
  private func rewritten(_ directory: TemporaryDirectory) async throws -> Int {
    try await OutsideConnection(directory).count("SELECT count(*) FROM item WHERE version > 1")
  }

  @Test("inserts at one spot of a long list rebalance a window around it, not the list")
  func windowedRebalance() async throws {
    try await withContainer(entities: [Item.self]) { container, directory in
      let list = UUID()
      var model = try await container.write { tx in
        try (0..<3_000).map { index in
          try tx.insert(Item(listID: list, title: "Item \(index)"), at: .bottom).id
        }
      }
      var rebalances = 0
      var previous = 0
      for round in 0..<150 {
        let anchor = model[1_500]
        let item = try await container.write { tx in
          try tx.insert(Item(listID: list, title: "Wedge \(round)"), at: .before(anchor))
        }
        model.insert(item.id, at: 1_500)
        let count = try await rewritten(directory)
        if count > previous { rebalances += 1 }
        previous = count
      }
      let items = try await stored(container, list)
      #expect(items.map(\.id) == model)
      #expect(items.allSatisfy { !$0.position.needsRebalance })
      #expect(rebalances >= 2, "150 inserts at one spot need rebalancing")
      // Each rebalance rewrote a window of a few dozen neighbours, never the 3,000 items.
      #expect(previous > 0)
      #expect(previous < 200 * rebalances, "\(previous) rows rewritten in \(rebalances)")
      #expect(previous < 1_000)
    }
  }

  @Test("random placements and moves keep the model's order, at the ends and in the middle")
  func randomPlacements() async throws {
    try await withContainer(entities: [Item.self]) { container, _ in
      let list = UUID()
      var random = SeededRandom(seed: 0x5EED_0DE4)
      var model: [UUID] = []
      for round in 0..<600 {
        // Most operations land near a few hot spots, so keys grow and get rebalanced there.
        let choice = Int.random(in: 0..<10, using: &random)
        let hot = model.isEmpty ? 0 : [0, model.count / 2, model.count - 1][round % 3]
        if model.count < 4 || choice < 5 {
          let placement: Placement
          let index: Int
          switch choice % 4 {
          case 0 where !model.isEmpty:
            placement = .before(model[hot])
            index = hot
          case 1 where !model.isEmpty:
            placement = .after(model[hot])
            index = hot + 1
          case 2:
            placement = .top
            index = 0
          default:
            placement = .bottom
            index = model.count
          }
          let item = try await container.write { tx in
            try tx.insert(Item(listID: list, title: "Item \(round)"), at: placement)
          }
          model.insert(item.id, at: index)
        } else {
          let moving = model[Int.random(in: 0..<model.count, using: &random)]
          var rest = model.filter { $0 != moving }
          let anchorIndex = min(hot, rest.count - 1)
          let anchor = rest[anchorIndex]
          let after = Bool.random(using: &random)
          _ = try await container.write { tx in
            let item = try #require(try tx.object(Item.self, id: moving))
            return try tx.move(item, to: after ? .after(anchor) : .before(anchor))
          }
          rest.insert(moving, at: after ? anchorIndex + 1 : anchorIndex)
          model = rest
        }
        if round % 50 == 49 {
          #expect(try await stored(container, list).map(\.id) == model, "round \(round)")
        }
      }
      let items = try await stored(container, list)
      #expect(items.map(\.id) == model)
      #expect(items.allSatisfy { !$0.position.needsRebalance })
    }
  }

  @Test("placing gives an object its new place without writing it: one write does the rest")
  func placingWritesOnce() async throws {
    try await withContainer(entities: [Item.self]) { container, directory in
      let list = UUID()
      let ids = try await container.write { tx in
        try ["a", "b", "c"].map { try tx.insert(Item(listID: list, title: $0), at: .bottom).id }
      }
      _ = try await container.write { tx in
        var item = try #require(try tx.object(Item.self, id: ids[2]))
        item = try tx.placing(item, at: .top)
        // Not written yet: the store still has it last.
        #expect(try tx.fetch(Item.inList(list)).map(\.id) == ids)
        item.title = "c, first"
        return try tx.update(item)
      }
      #expect(try await stored(container, list).map(\.title) == ["c, first", "a", "b"])
      // One row written, once: its version went from 1 to 2.
      let outside = OutsideConnection(directory)
      #expect(try await outside.count("SELECT count(*) FROM item WHERE version = 2") == 1)
      #expect(try await outside.count("SELECT count(*) FROM item WHERE version > 2") == 0)
    }
  }
}
