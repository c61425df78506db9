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
    let json = try Self.cached(rest, in: &rests, capacity: capacity)
    return try Self.splice(
      json,
      [
        ("filters", Self.cached(chrome.filters, in: &filters, capacity: capacity)),
        ("lists", Self.cached(chrome.lists, in: &lists, capacity: capacity)),
        ("tags", Self.cached(chrome.tags, in: &tags, capacity: capacity)),
        ("views", Self.cached(chrome.views, in: &views, capacity: capacity)),
      ])
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

  /// `json` with the last `"key":[]` of each key replaced by `"key":` and its value (a value
  /// that is itself `[]` is left as it is), in one pass that copies each byte once.
  private static func splice(_ json: Data, _ parts: [(key: String, value: Data)]) -> Data {
    let bytes = [UInt8](json)
    var cuts: [(range: Range<Int>, part: (key: String, value: Data))] = []
    for part in parts where part.value.count > 2 {
      let empty = Array("\"\(part.key)\":[]".utf8)
      guard let start = lastIndex(of: empty, in: bytes) else { continue }
      cuts.append((start..<(start + empty.count), part))
    }
    guard !cuts.isEmpty else { return json }
    cuts.sort { $0.range.lowerBound < $1.range.lowerBound }
    var output = Data(capacity: bytes.count + cuts.reduce(0) { $0 + $1.part.value.count })
    var position = 0
    for cut in cuts {
      output.append(contentsOf: bytes[position..<cut.range.lowerBound])
      output.append(contentsOf: Array("\"\(cut.part.key)\":".utf8))
      output.append(cut.part.value)
      position = cut.range.upperBound
    }
    output.append(contentsOf: bytes[position...])
    return output
  }

  /// Where the last occurrence of `pattern` starts in `bytes`.
  private static func lastIndex(of pattern: [UInt8], in bytes: [UInt8]) -> Int? {
    guard let first = pattern.first, bytes.count >= pattern.count else { return nil }
    var start = bytes.count - pattern.count
    while start >= 0 {
      if bytes[start] == first, bytes[start..<(start + pattern.count)].elementsEqual(pattern) {
        return start
      }
      start -= 1
    }
    return nil
  }
}
