import Persistence

/// A collection ordered by order keys the way an app keeps one: objects with ids, each with a
/// key, inserted, moved and deleted through `OrderKey.between`.
struct OrderKeyedList {
  private(set) var items: [(id: Int, key: OrderKey)] = []
  private var nextID = 0

  var keys: [OrderKey] { items.map(\.key) }

  /// Inserts a new object at `index` (0...count) and returns its key.
  @discardableResult
  mutating func insert(at index: Int) throws -> OrderKey {
    let key = try OrderKey.between(neighbour(before: index), neighbour(at: index))
    items.insert((nextID, key), at: index)
    nextID += 1
    return key
  }

  /// Moves the object at `source` so that it ends up at `destination` (both in 0..<count),
  /// writing only its own key.
  mutating func move(from source: Int, to destination: Int) throws {
    let item = items.remove(at: source)
    let key = try OrderKey.between(neighbour(before: destination), neighbour(at: destination))
    items.insert((item.id, key), at: destination)
  }

  mutating func delete(at index: Int) {
    items.remove(at: index)
  }

  /// Gives every object a fresh key from `OrderKey.spaced`, in the current order.
  mutating func rebalance() throws {
    let keys = try OrderKey.spaced(items.count, between: nil, and: nil)
    for index in items.indices { items[index].key = keys[index] }
  }

  /// Whether the keys are strictly ascending and every key is canonical.
  var isStrictlyOrdered: Bool {
    zip(items, items.dropFirst()).allSatisfy { $0.key < $1.key }
      && items.allSatisfy { OrderKey(rawValue: $0.key.rawValue) == $0.key }
  }

  private func neighbour(before index: Int) -> OrderKey? {
    index > 0 ? items[index - 1].key : nil
  }

  private func neighbour(at index: Int) -> OrderKey? {
    index < items.count ? items[index].key : nil
  }
}
