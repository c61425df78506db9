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
  private var rests: [LiveChrome: Data] = [:]
  private var lists = RecentlyUsed<[LiveChrome.ListEntry], Data>()
  private var views = RecentlyUsed<[LiveChrome.ViewEntry], Data>()
  private var filters = RecentlyUsed<[LiveChrome.FilterEntry], Data>()
  private var tags = RecentlyUsed<[LiveChrome.TagEntry], Data>()
  /// The most rests kept: the pages' current chromes.
  private let capacity: Int

  init(capacity: Int) {
    self.capacity = capacity
  }

  /// The JSON of `chrome`, as ``LiveMessage/encoder`` writes it.
  ///
  /// The sidebar's arrays are found by comparison with the few last encoded, not by hash:
  /// the pages of a person share them, most often the very same array, which compares at
  /// once, where hashing fifty saved filters for every page cost more than the encoding.
  mutating func encode(_ chrome: LiveChrome) throws -> Data {
    var rest = chrome
    rest.lists = []
    rest.views = []
    rest.filters = []
    rest.tags = []
    let json: Data
    if let data = rests[rest] {
      json = data
    } else {
      json = try LiveMessage.encoder.encode(rest)
      if rests.count >= capacity { rests.removeAll(keepingCapacity: true) }
      rests[rest] = json
    }
    return try Self.splice(
      json,
      [
        ("filters", filters.encoded(chrome.filters)),
        ("lists", lists.encoded(chrome.lists)),
        ("tags", tags.encoded(chrome.tags)),
        ("views", views.encoded(chrome.views)),
      ])
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

extension RecentlyUsed where Value == Data {
  /// The JSON of `value`, encoded unless kept.
  mutating func encoded<Element: Encodable>(_ value: [Element]) throws -> Data
  where Key == [Element] {
    if let json = self.value(for: value) { return json }
    let json = try LiveMessage.encoder.encode(value)
    keep(json, for: value)
    return json
  }
}
