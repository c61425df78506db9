import Foundation
import Persistence

/// Computes order keys for an insert or a move in a collection ordered by fractional keys.
///
/// The result writes one row, except when the keys around the gap are equal (two processes
/// inserted at one spot) or the new key grew past ``OrderKey/rebalanceLength``: then every
/// object of the collection gets a fresh, short key in its current order.
struct OrderPlacement: Equatable {
  /// The key of the inserted or moved object.
  var key: OrderKey
  /// New keys for other objects when the collection was rebalanced; empty otherwise.
  var rebalanced: [UUID: OrderKey]

  /// Places `moving` (or a new object, if `nil`) at `position` among `ordered`.
  ///
  /// - Parameters:
  ///   - position: Where to put it.
  ///   - moving: The object being moved, which is skipped in `ordered`; `nil` for an insert.
  ///   - ordered: The collection in its current order (ascending keys).
  ///   - entity: The name used in errors (`todo`, `list`).
  /// - Throws: `TodoError.notFound` if the position names an object not in `ordered`;
  ///   `TodoError.validation` for a move relative to the moved object itself.
  /// - Complexity: O(n), O(n × m) when it rebalances.
  static func place(
    _ position: MovePosition, moving: UUID?, in ordered: [(id: UUID, key: OrderKey)],
    entity: String
  ) throws -> OrderPlacement {
    let others = ordered.filter { $0.id != moving }
    let index: Int
    switch position {
    case .top: index = 0
    case .bottom: index = others.count
    case .before(let target), .after(let target):
      if target == moving {
        throw TodoError.validation(
          field: "position", message: "a \(entity) cannot be moved next to itself")
      }
      guard let found = others.firstIndex(where: { $0.id == target }) else {
        throw TodoError.notFound(entity: entity, id: target.uuidString)
      }
      if case .after = position { index = found + 1 } else { index = found }
    }
    let lower = index > 0 ? others[index - 1].key : nil
    let upper = index < others.count ? others[index].key : nil
    if let key = try? OrderKey.between(lower, upper), !key.needsRebalance {
      return OrderPlacement(key: key, rebalanced: [:])
    }
    // Equal neighbours or a long key: give everything fresh keys in the new order.
    let keys = try OrderKey.spaced(others.count + 1, between: nil, and: nil)
    var rebalanced: [UUID: OrderKey] = [:]
    for (offset, other) in others.enumerated() {
      rebalanced[other.id] = keys[offset < index ? offset : offset + 1]
    }
    return OrderPlacement(key: keys[index], rebalanced: rebalanced)
  }
}
