/// A typed condition on an entity's objects, like Core Data's `NSPredicate`.
///
/// Filters are built from attributes with operators, compile to parameterised SQL for the
/// store and evaluate in memory (for pending changes and incremental observation) with the same
/// semantics: SQL's three-valued logic (a comparison with `NULL` is unknown, and unknown does
/// not match), binary text order, case-insensitive `contains`.
///
/// ```swift
/// let filter =
///   Todo.listIDAttribute == list.id && Todo.doneAttribute == false
///   && Todo.titleAttribute.contains("milk")
/// ```
public struct Filter<Root: Entity>: Sendable {
  indirect enum Node: Sendable {
    case compare(AnyAttribute<Root>, ComparisonOperator, StoredValue)
    case isNull(AnyAttribute<Root>)
    case isIn(AnyAttribute<Root>, [StoredValue])
    case contains(AnyAttribute<Root>, String)
    case and([Node])
    case or([Node])
    case not(Node)
    case constant(Bool)
  }

  enum ComparisonOperator: String, Sendable {
    case equal = "="
    case notEqual = "<>"
    case less = "<"
    case lessOrEqual = "<="
    case greater = ">"
    case greaterOrEqual = ">="
  }

  /// The filter's tree, which the engines compile to SQL.
  let node: Node
  /// The same filter compiled for memory, once, when the filter is made.
  fileprivate let predicate: Predicate

  init(_ node: Node) {
    self.init(node, predicate: node.compiled())
  }

  /// A filter whose predicate is made from its operands' (`&&`, `||`, `!`), not compiled
  /// again from its whole tree.
  fileprivate init(_ node: Node, predicate: @escaping Predicate) {
    self.node = node
    self.predicate = predicate
  }

  /// The filter every object matches.
  public static var all: Filter { Filter(.constant(true)) }
  /// The filter no object matches.
  public static var none: Filter { Filter(.constant(false)) }

  /// Whether `object` matches, with the same answer the store's SQL gives.
  ///
  /// - Complexity: O(n) in the size of the filter.
  public func matches(_ object: Root) -> Bool {
    predicate(object) == true
  }
}

// MARK: - Combining filters

/// Both filters match.
public func && <Root>(lhs: Filter<Root>, rhs: Filter<Root>) -> Filter<Root> {
  Filter(
    .and([lhs.node, rhs.node]),
    predicate: Filter.Node.combine([lhs.predicate, rhs.predicate], decidedBy: false))
}

/// Either filter matches.
public func || <Root>(lhs: Filter<Root>, rhs: Filter<Root>) -> Filter<Root> {
  Filter(
    .or([lhs.node, rhs.node]),
    predicate: Filter.Node.combine([lhs.predicate, rhs.predicate], decidedBy: true))
}

/// The filter does not match (and its value is known: `NULL` comparisons stay unknown).
public prefix func ! <Root>(filter: Filter<Root>) -> Filter<Root> {
  let inner = filter.predicate
  return Filter(.not(filter.node), predicate: { inner($0).map { !$0 } })
}

// MARK: - Building filters from attributes

/// The attribute equals `value`; `attribute == nil` tests for no value.
public func == <Root, Value>(lhs: Attribute<Root, Value>, rhs: Value) -> Filter<Root> {
  let value = rhs.storedValue
  return value.isNull
    ? Filter(.isNull(lhs.erased)) : Filter(.compare(lhs.erased, .equal, value))
}

/// The attribute differs from `value`; `attribute != nil` tests for a value.
public func != <Root, Value>(lhs: Attribute<Root, Value>, rhs: Value) -> Filter<Root> {
  let value = rhs.storedValue
  return value.isNull
    ? Filter(.not(.isNull(lhs.erased))) : Filter(.compare(lhs.erased, .notEqual, value))
}

/// The attribute sorts before `value`.
public func < <Root, Value>(lhs: Attribute<Root, Value>, rhs: Value) -> Filter<Root> {
  Filter(.compare(lhs.erased, .less, rhs.storedValue))
}

/// The attribute sorts before or equals `value`.
public func <= <Root, Value>(lhs: Attribute<Root, Value>, rhs: Value) -> Filter<Root> {
  Filter(.compare(lhs.erased, .lessOrEqual, rhs.storedValue))
}

/// The attribute sorts after `value`.
public func > <Root, Value>(lhs: Attribute<Root, Value>, rhs: Value) -> Filter<Root> {
  Filter(.compare(lhs.erased, .greater, rhs.storedValue))
}

/// The attribute sorts after or equals `value`.
public func >= <Root, Value>(lhs: Attribute<Root, Value>, rhs: Value) -> Filter<Root> {
  Filter(.compare(lhs.erased, .greaterOrEqual, rhs.storedValue))
}

extension Attribute {
  /// The attribute equals one of `values` (SQL `IN`). An empty list matches nothing.
  public func isIn(_ values: some Sequence<Value>) -> Filter<Root> {
    Filter(.isIn(erased, values.map { $0.storedValue }))
  }

  /// The attribute has no value (SQL `IS NULL`).
  public var isNil: Filter<Root> { Filter(.isNull(erased)) }

  /// The attribute has a value (SQL `IS NOT NULL`).
  public var isNotNil: Filter<Root> { Filter(.not(.isNull(erased))) }
}

extension Attribute where Value: TextAttributeValue {
  /// The text contains `text`, ignoring case (Unicode case folding, the same in SQL and in
  /// memory). An empty `text` matches every value; no value (`nil`) never matches.
  public func contains(_ text: String) -> Filter<Root> {
    Filter(.contains(erased, text))
  }
}
