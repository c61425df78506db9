/// Declares the items of a ``SnapshotSection`` with `if`, `if`/`else`, `for` and optionals.
///
/// ```swift
/// SnapshotSection("fruit") {
///   "apple"
///   if inSeason { "cherry" } else { "dried apricot" }
///   for fruit in extras { fruit }
///   favourite  // a String?: nothing when nil
/// }
/// ```
@resultBuilder
public enum ItemsBuilder<Item> {
  /// One item.
  public static func buildExpression(_ item: Item) -> [Item] { [item] }
  /// An optional item: none when `nil`.
  public static func buildExpression(_ item: Item?) -> [Item] { item.map { [$0] } ?? [] }
  /// Several items.
  public static func buildExpression(_ items: [Item]) -> [Item] { items }
  /// The items of consecutive statements, in order.
  public static func buildBlock(_ parts: [Item]...) -> [Item] { parts.flatMap { $0 } }
  /// An `if` without `else`.
  public static func buildOptional(_ part: [Item]?) -> [Item] { part ?? [] }
  /// The `if` branch.
  public static func buildEither(first part: [Item]) -> [Item] { part }
  /// The `else` branch.
  public static func buildEither(second part: [Item]) -> [Item] { part }
  /// A `for` loop.
  public static func buildArray(_ parts: [[Item]]) -> [Item] { parts.flatMap { $0 } }
  /// An `if #available` block.
  public static func buildLimitedAvailability(_ part: [Item]) -> [Item] { part }
}
