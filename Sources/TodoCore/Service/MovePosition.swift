import Foundation

/// Where to put a todo or a list in the user's order.
///
/// ```swift
/// try await service.moveTodo(id: milk.id, to: .before(bread.id))
/// try await service.moveTodo(id: milk.id, to: .top)
/// ```
public enum MovePosition: Sendable, Hashable {
  /// Just before the object with this identifier (in the same list).
  case before(UUID)
  /// Just after the object with this identifier (in the same list).
  case after(UUID)
  /// First.
  case top
  /// Last.
  case bottom
}
