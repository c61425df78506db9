/// A description of the objects to fetch: filter, sort keys, paging and an optional section
/// key, like Core Data's `NSFetchRequest`.
///
/// ```swift
/// let request = FetchRequest<Todo>(
///   filter: Todo.doneAttribute == false,
///   sortedBy: [Todo.dueAttribute.ascending, Todo.titleAttribute.ascending],
///   sectionKey: Todo.listIDAttribute)
/// let todos = try await context.fetch(request)
/// ```
public struct FetchRequest<Root: Entity>: Sendable {
  /// The condition objects match; `nil` for all objects.
  public var filter: Filter<Root>?
  /// The sort keys, most significant first. The identifier always ends the order.
  public var sortKeys: [SortKey<Root>]
  /// The maximum number of objects, if any; a negative limit counts as zero.
  public var limit: Int?
  /// The number of leading objects to skip; a negative offset counts as zero.
  public var offset: Int
  /// The attribute whose value groups objects into sections, if any. Sections appear in the
  /// order of this attribute (ascending), which the request sorts by first.
  public var sectionKey: AnyAttribute<Root>?

  /// Creates a fetch request.
  ///
  /// - Parameters:
  ///   - filter: The condition; `nil` for all objects.
  ///   - sortedBy: The sort keys.
  ///   - limit: The maximum count; negative values count as zero.
  ///   - offset: Objects to skip; negative values count as zero.
  public init(
    filter: Filter<Root>? = nil, sortedBy: [SortKey<Root>] = [], limit: Int? = nil,
    offset: Int = 0
  ) {
    self.filter = filter
    self.sortKeys = sortedBy
    self.limit = limit.map { Swift.max(0, $0) }
    self.offset = Swift.max(0, offset)
    self.sectionKey = nil
  }

  /// Creates a sectioned fetch request.
  ///
  /// - Parameter sectionKey: The attribute whose values are the sections.
  public init<Value>(
    filter: Filter<Root>? = nil, sortedBy: [SortKey<Root>] = [], limit: Int? = nil,
    offset: Int = 0, sectionKey: Attribute<Root, Value>
  ) {
    self.init(filter: filter, sortedBy: sortedBy, limit: limit, offset: offset)
    self.sectionKey = sectionKey.erased
  }

  /// The sort keys actually applied: the section key first (if any), then `sortKeys`.
  var effectiveSort: [SortKey<Root>] {
    guard let sectionKey else { return sortKeys }
    return [SortKey(erased: sectionKey, ascending: true)] + sortKeys
  }

  /// Whether `object` matches the filter.
  func matches(_ object: Root) -> Bool {
    filter?.matches(object) ?? true
  }

  /// Sorts, skips and limits `objects` in memory as the store would.
  ///
  /// - Complexity: O(n log n).
  func arrange(_ objects: [Stored<Root>]) -> [Stored<Root>] {
    let sort = effectiveSort
    var sorted = objects.sorted { sort.order($0.value, $1.value) < 0 }
    if offset > 0 { sorted.removeFirst(Swift.min(offset, sorted.count)) }
    if let limit, sorted.count > Swift.max(0, limit) {
      sorted.removeLast(sorted.count - Swift.max(0, limit))
    }
    return sorted
  }
}

/// An object as read from the store or a parent context, with the version it was read at
/// (`nil` for an object inserted but not saved yet).
struct Stored<Root: Entity>: Sendable {
  var value: Root
  var version: Version?
}

/// Objects with their versions, as two parallel arrays, so that callers that want only the
/// objects get them without a copy.
struct StoredRows<Root: Entity>: Sendable {
  var values: [Root] = []
  var versions: [Version?] = []

  init() {}

  init(_ stored: [Stored<Root>]) {
    values = stored.map { $0.value }
    versions = stored.map { $0.version }
  }

  var count: Int { values.count }

  var stored: [Stored<Root>] {
    zip(values, versions).map { Stored(value: $0, version: $1) }
  }

  /// The first object with its version, without the array of all of them.
  var first: Stored<Root>? {
    values.first.map { Stored(value: $0, version: versions[0]) }
  }
}
