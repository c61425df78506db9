// MARK: - In-memory evaluation with SQL's three-valued logic

extension Filter.Node {
  /// `true`, `false`, or `nil` for SQL's unknown.
  func evaluate(_ object: Root) -> Bool? {
    switch self {
    case .constant(let value):
      return value
    case .isNull(let attribute):
      return attribute.read(object).isNull
    case .compare(let attribute, let op, let value):
      guard let order = StoredValue.sqlCompare(attribute.read(object), value) else { return nil }
      switch op {
      case .equal: return order == 0
      case .notEqual: return order != 0
      case .less: return order < 0
      case .lessOrEqual: return order <= 0
      case .greater: return order > 0
      case .greaterOrEqual: return order >= 0
      }
    case .isIn(let attribute, let values):
      if values.isEmpty { return false }
      let stored = attribute.read(object)
      if stored.isNull { return nil }
      var sawNull = false
      for value in values {
        if value.isNull {
          sawNull = true
        } else if StoredValue.sqlCompare(stored, value) == 0 {
          return true
        }
      }
      return sawNull ? nil : false
    case .contains(let attribute, let text):
      guard case .text(let stored) = attribute.read(object) else { return nil }
      return TextMatching.containsIgnoringCase(stored, text)
    case .and(let nodes):
      return Self.combine(nodes, object, decidedBy: false)
    case .or(let nodes):
      return Self.combine(nodes, object, decidedBy: true)
    case .not(let node):
      return node.evaluate(object).map { !$0 }
    }
  }

  /// `AND` (`decidedBy` `false`) or `OR` (`decidedBy` `true`) of `nodes` in SQL's three-valued
  /// logic: one node with the deciding value decides, else one unknown makes the result
  /// unknown, else it is the other value.
  private static func combine(_ nodes: [Self], _ object: Root, decidedBy decisive: Bool)
    -> Bool?
  {
    var result: Bool? = !decisive
    for node in nodes {
      switch node.evaluate(object) {
      case decisive?: return decisive
      case nil: result = nil
      default: break
      }
    }
    return result
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
