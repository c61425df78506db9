/// A type whose values can be matched across two versions of a collection and compared for
/// content changes.
///
/// The diff matches an element of the source with an element of the target when their
/// ``differenceIdentifier`` values are equal, and reports an update when a matched pair is not
/// ``isContentEqual(to:)``.
///
/// ```swift
/// struct Todo: Differentiable {
///   var id: Int
///   var title: String
///   var differenceIdentifier: Int { id }
///   func isContentEqual(to source: Todo) -> Bool { title == source.title }
/// }
/// ```
///
/// `Hashable` types are their own identifier and `Equatable` types compare content with `==`,
/// so `extension Tag: Differentiable {}` is enough for a hashable `Tag`.
public protocol Differentiable {
  /// The type of the identifier that matches elements across versions.
  associatedtype DifferenceIdentifier: Hashable

  /// The identifier of this value: equal identifiers mean "the same element".
  var differenceIdentifier: DifferenceIdentifier { get }

  /// Whether this value's content equals `source`'s, for two values with equal identifiers.
  ///
  /// - Parameter source: The matched value from the source collection.
  /// - Returns: `false` when the element must be reported as updated.
  func isContentEqual(to source: Self) -> Bool
}

extension Differentiable where Self: Equatable {
  /// Compares content with `==`.
  @inlinable
  public func isContentEqual(to source: Self) -> Bool {
    self == source
  }
}

extension Differentiable where Self: Hashable {
  /// A hashable value is its own identifier.
  @inlinable
  public var differenceIdentifier: Self {
    self
  }
}

// MARK: - Standard library conformances

extension String: Differentiable {}
extension Substring: Differentiable {}
extension Character: Differentiable {}
extension Int: Differentiable {}
extension Int8: Differentiable {}
extension Int16: Differentiable {}
extension Int32: Differentiable {}
extension Int64: Differentiable {}
extension UInt: Differentiable {}
extension UInt8: Differentiable {}
extension UInt16: Differentiable {}
extension UInt32: Differentiable {}
extension UInt64: Differentiable {}
extension Double: Differentiable {}
extension Float: Differentiable {}
extension Bool: Differentiable {}
