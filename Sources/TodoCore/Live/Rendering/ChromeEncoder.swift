import Foundation

/// Encodes the chromes of a server's pages, each part once: the sidebar's arrays (the lists,
/// the smart views, the saved filters, the tags), which every page of a person shares, once per
/// distinct value, and the rest of each chrome (its title, dialogs, counter) once per distinct
/// rest.
///
/// After a commit, a hundred pages showing fifty saved filters have fifty distinct chromes
/// that differ only outside the sidebar: encoding each whole would encode the same sidebar
/// fifty times. The output is byte for byte what ``LiveMessage/encoder`` writes for the whole
/// chrome: the rest is encoded with the arrays empty, and each `"key":[]` is replaced by the
/// array's own encoding (keys are sorted, and a string's quotes are escaped, so `"key":[]` at
/// the chrome's top level is found as its last occurrence).
struct ChromeEncoder {
  private var wholes: [LiveChrome: Data] = [:]
  private var rests: [LiveChrome: Data] = [:]
  private var lists: [[LiveChrome.ListEntry]: Data] = [:]
  private var views: [[LiveChrome.ViewEntry]: Data] = [:]
  private var filters: [[LiveChrome.FilterEntry]: Data] = [:]
  private var tags: [[LiveChrome.TagEntry]: Data] = [:]
  /// The most values kept in each table: the pages' current chromes.
  private let capacity: Int

  init(capacity: Int) {
    self.capacity = capacity
  }

  /// The JSON of `chrome`, as ``LiveMessage/encoder`` writes it.
  mutating func encode(_ chrome: LiveChrome) throws -> Data {
    // The pages of one view mostly show one chrome: found whole, it is not put together.
    if let data = wholes[chrome] { return data }
    let data = try assemble(chrome)
    if wholes.count >= capacity { wholes.removeAll(keepingCapacity: true) }
    wholes[chrome] = data
    return data
  }

  /// The JSON of `chrome` from its parts.
  private mutating func assemble(_ chrome: LiveChrome) throws -> Data {
    var rest = chrome
    rest.lists = []
    rest.views = []
    rest.filters = []
    rest.tags = []
    var json = try Self.cached(rest, in: &rests, capacity: capacity)
    // From the end: each replacement leaves the earlier keys where they were.
    try Self.splice(&json, "views", Self.cached(chrome.views, in: &views, capacity: capacity))
    try Self.splice(&json, "tags", Self.cached(chrome.tags, in: &tags, capacity: capacity))
    try Self.splice(&json, "lists", Self.cached(chrome.lists, in: &lists, capacity: capacity))
    try Self.splice(
      &json, "filters", Self.cached(chrome.filters, in: &filters, capacity: capacity))
    return json
  }

  private static func cached<Value: Hashable & Encodable>(
    _ value: Value, in table: inout [Value: Data], capacity: Int
  ) throws -> Data {
    if let data = table[value] { return data }
    let data = try LiveMessage.encoder.encode(value)
    if table.count >= capacity { table.removeAll(keepingCapacity: true) }
    table[value] = data
    return data
  }

  /// Replaces the last `"key":[]` of `json` with `"key":` and `value`.
  private static func splice(_ json: inout Data, _ key: String, _ value: Data) {
    let empty = Data("\"\(key)\":[]".utf8)
    guard value.count > 2, let range = json.lastRange(of: empty) else { return }
    var replacement = Data("\"\(key)\":".utf8)
    replacement.append(value)
    json.replaceSubrange(range, with: replacement)
  }
}
