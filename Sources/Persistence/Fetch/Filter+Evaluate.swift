// MARK: - In-memory evaluation with SQL's three-valued logic

extension Filter {
  /// A filter compiled for memory: `true`, `false`, or `nil` for SQL's unknown.
  typealias Predicate = @Sendable (Root) -> Bool?
}

extension Filter.Node {
  /// The node as closures, built once per filter: an observation evaluates its filter on
  /// every object each commit writes, and walking the nodes in generic code looked their
  /// types up at run time at every step.
  func compiled() -> Filter<Root>.Predicate {
    switch self {
    case .constant(let value):
      return { _ in value }
    case .isNull(let attribute):
      let read = attribute.read
      return { read($0).isNull }
    case .compare(let attribute, let op, let value):
      let read = attribute.read
      return { object in
        guard let order = StoredValue.sqlCompare(read(object), value) else { return nil }
        switch op {
        case .equal: return order == 0
        case .notEqual: return order != 0
        case .less: return order < 0
        case .lessOrEqual: return order <= 0
        case .greater: return order > 0
        case .greaterOrEqual: return order >= 0
        }
      }
    case .isIn(let attribute, let values):
      if values.isEmpty { return { _ in false } }
      let read = attribute.read
      let sawNull = values.contains(where: \.isNull)
      let known = values.filter { !$0.isNull }
      return { object in
        let stored = read(object)
        if stored.isNull { return nil }
        if known.contains(where: { StoredValue.sqlCompare(stored, $0) == 0 }) { return true }
        return sawNull ? nil : false
      }
    case .contains(let attribute, let text):
      let read = attribute.read
      return { object in
        guard case .text(let stored) = read(object) else { return nil }
        return TextMatching.containsIgnoringCase(stored, text)
      }
    case .and(let nodes):
      return Self.combine(nodes.map { $0.compiled() }, decidedBy: false)
    case .or(let nodes):
      return Self.combine(nodes.map { $0.compiled() }, decidedBy: true)
    case .not(let node):
      let inner = node.compiled()
      return { inner($0).map { !$0 } }
    }
  }

  /// `AND` (`decidedBy` `false`) or `OR` (`decidedBy` `true`) of `parts` in SQL's
  /// three-valued logic: one part with the deciding value decides, else one unknown makes
  /// the result unknown, else it is the other value.
  ///
  /// The parts are chained two by two rather than kept in an array, which generic code
  /// would look up at run time on every evaluation.
  static func combine(_ parts: [Filter<Root>.Predicate], decidedBy decisive: Bool)
    -> Filter<Root>.Predicate
  {
    guard var combined = parts.last else { return { _ in !decisive } }
    for part in parts.dropLast().reversed() {
      let rest = combined
      combined = { object in
        switch part(object) {
        case decisive?: return decisive
        case nil: return rest(object) == decisive ? decisive : nil
        default: return rest(object)
        }
      }
    }
    return combined
  }
}

/// Text matching shared by the in-memory evaluator and the SQL function registered on every
/// connection, so that both give the same answer.
enum TextMatching {
  /// The SQL function name: `persistence_contains(haystack, needle)`.
  static let containsFunctionName = "persistence_contains"

  /// Whether `haystack` contains `needle`, ignoring case. An empty needle is always contained.
  static func containsIgnoringCase(_ haystack: String, _ needle: String) -> Bool {
    if needle.isEmpty { return true }
    var (haystack, needle) = (haystack, needle)
    let ascii = haystack.withUTF8 { text in needle.withUTF8 { asciiContains(text, $0) } }
    return ascii ?? haystack.lowercased().contains(needle.lowercased())
  }

  /// The same answer for ASCII text (where lowercasing maps A-Z alone, and the general
  /// search compares code units), found without allocating: an observation looks for its
  /// filter's text in every object each commit writes. `nil` for any other text.
  private static func asciiContains(
    _ haystack: UnsafeBufferPointer<UInt8>, _ needle: UnsafeBufferPointer<UInt8>
  ) -> Bool? {
    func lower(_ byte: UInt8) -> UInt8 { byte &- 0x41 < 26 ? byte | 0x20 : byte }
    guard needle.allSatisfy({ $0 < 0x80 }), haystack.allSatisfy({ $0 < 0x80 }) else {
      return nil
    }
    guard needle.count <= haystack.count else { return false }
    let first = lower(needle[0])
    for start in 0...(haystack.count - needle.count) where lower(haystack[start]) == first {
      var offset = 1
      while offset < needle.count, lower(haystack[start + offset]) == lower(needle[offset]) {
        offset += 1
      }
      if offset == needle.count { return true }
    }
    return false
  }
}
