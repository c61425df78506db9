import Foundation

/// JSON written straight into bytes, for the bodies whose encoding through `JSONEncoder`
/// cost more than everything else of their request (``TodoJSON``).
///
/// It writes what the generated code's encoder writes: strings as UTF-8 with `"`, `\` and
/// control characters escaped and slashes not, UUIDs upper-case as `uuidString`, dates as
/// ``TimestampFormat`` (seconds, UTC).
///
/// The bytes go into one buffer that grows by doubling; each value reserves the most it can
/// write once and then stores its bytes, so a list of 100 todos is about 30 KB written
/// without a capacity or uniqueness check per byte (those checks were a third of the
/// writer's time through `[UInt8].append`).
package struct JSONBytes: ~Copyable {
  private var start: UnsafeMutablePointer<UInt8>
  private var count = 0
  private var capacity: Int
  /// Whether the object being written has a member yet.
  private var needsComma = false

  package init(capacity: Int) {
    self.capacity = max(capacity, 64)
    start = .allocate(capacity: self.capacity)
  }

  deinit { start.deallocate() }

  /// The bytes written.
  package var bytes: [UInt8] {
    [UInt8](UnsafeBufferPointer(start: start, count: count))
  }

  /// Makes room for `needed` more bytes.
  private mutating func reserve(_ needed: Int) {
    guard count + needed > capacity else { return }
    let grown = max(capacity * 2, count + needed)
    let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
    moved.update(from: start, count: count)
    start.deallocate()
    start = moved
    capacity = grown
  }

  /// Stores one byte; room must be reserved.
  private mutating func put(_ byte: UInt8) {
    start[count] = byte
    count += 1
  }

  /// Stores `length` bytes from `source`; room must be reserved.
  private mutating func put(_ source: UnsafePointer<UInt8>, _ length: Int) {
    (start + count).update(from: source, count: length)
    count += length
  }

  // MARK: Structure

  package mutating func beginArray() {
    reserve(1)
    put(UInt8(ascii: "["))
    needsComma = false
  }

  package mutating func endArray() {
    reserve(1)
    put(UInt8(ascii: "]"))
  }

  /// Starts an object; a comma first when it is not the first element of an array.
  package mutating func beginObject(first: Bool) {
    reserve(2)
    if !first { put(UInt8(ascii: ",")) }
    put(UInt8(ascii: "{"))
    needsComma = false
  }

  package mutating func endObject() {
    reserve(1)
    put(UInt8(ascii: "}"))
  }

  /// `,"name":` (no comma before the first member), with room for `value` more bytes.
  private mutating func key(_ name: StaticString, value: Int) {
    reserve(name.utf8CodeUnitCount + 4 + value)
    if needsComma { put(UInt8(ascii: ",")) }
    needsComma = true
    put(UInt8(ascii: "\""))
    put(name.utf8Start, name.utf8CodeUnitCount)
    put(UInt8(ascii: "\""))
    put(UInt8(ascii: ":"))
  }

  // MARK: Members

  package mutating func member(_ name: StaticString, _ value: String) {
    var value = value
    value.withUTF8 { member(name, utf8: $0) }
  }

  /// A string member from its UTF-8 bytes, for a value that writes them without a `String`.
  package mutating func member(_ name: StaticString, utf8: UnsafeBufferPointer<UInt8>) {
    key(name, value: utf8.count + 2)
    string(utf8)
  }

  /// A string member from text a store holds, which may not be UTF-8 (a row another
  /// program wrote): written as ``member(_:utf8:)`` when it is ASCII, through a `String`
  /// otherwise, which repairs what is not UTF-8 as every other read of the column does.
  package mutating func member(_ name: StaticString, text utf8: UnsafeBufferPointer<UInt8>) {
    if Self.isASCII(utf8) {
      member(name, utf8: utf8)
    } else {
      member(name, String(decoding: utf8, as: UTF8.self))
    }
  }

  /// Whether every byte is below 0x80, as one loop the compiler can vectorise.
  private static func isASCII(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
    var bits: UInt8 = 0
    for byte in utf8 { bits |= byte }
    return bits < 0x80
  }

  /// An array of the strings that `separator` separates in `utf8`, empty ones left out:
  /// `#work#errands#` on `#` is `["work","errands"]`. Each is text a store holds, repaired
  /// as ``member(_:text:)`` repairs it.
  package mutating func member(
    _ name: StaticString, splitting utf8: UnsafeBufferPointer<UInt8>, on separator: UInt8
  ) {
    key(name, value: 2)
    put(UInt8(ascii: "["))
    var first = true
    var start = 0
    for end in 0...utf8.count where end == utf8.count || utf8[end] == separator {
      defer { start = end + 1 }
      guard end > start else { continue }
      let piece = UnsafeBufferPointer(rebasing: utf8[start..<end])
      if Self.isASCII(piece) {
        element(piece, first: first)
      } else {
        var repaired = String(decoding: piece, as: UTF8.self)
        repaired.withUTF8 { element($0, first: first) }
      }
      first = false
    }
    reserve(1)
    put(UInt8(ascii: "]"))
  }

  /// One string of an array, after a comma unless it is the first.
  private mutating func element(_ utf8: UnsafeBufferPointer<UInt8>, first: Bool) {
    reserve(utf8.count + 3)
    if !first { put(UInt8(ascii: ",")) }
    string(utf8)
  }

  /// A string member whose name is known only at run time (a log line's metadata key).
  package mutating func member(named name: String, _ value: String) {
    var name = name
    var value = value
    name.withUTF8 { name in
      value.withUTF8 { value in
        reserve(name.count + value.count + 6)
        if needsComma { put(UInt8(ascii: ",")) }
        needsComma = true
        string(name)
        put(UInt8(ascii: ":"))
        string(value)
      }
    }
  }

  package mutating func member(_ name: StaticString, _ value: String?) {
    guard let value else { return }
    member(name, value)
  }

  package mutating func member(_ name: StaticString, _ value: Int) {
    key(name, value: 20)
    if value < 0 { put(UInt8(ascii: "-")) }
    var magnitude = value.magnitude
    var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes, filled from the end.
    withUnsafeMutableBytes(of: &digits) { buffer in
      var index = buffer.count
      repeat {
        index -= 1
        buffer[index] = UInt8(ascii: "0") + UInt8(magnitude % 10)
        magnitude /= 10
      } while magnitude > 0
      let written = UnsafeRawBufferPointer(rebasing: buffer[index...])
      put(written.baseAddress!.assumingMemoryBound(to: UInt8.self), written.count)
    }
  }

  package mutating func member(_ name: StaticString, _ value: Bool) {
    key(name, value: 5)
    for byte in (value ? "true" : "false").utf8 { put(byte) }
  }

  package mutating func member(_ name: StaticString, _ value: Version) {
    member(name, Int(value.rawValue))
  }

  package mutating func member(_ name: StaticString, _ value: Int?) {
    guard let value else { return }
    member(name, value)
  }

  package mutating func member(_ name: StaticString, _ value: UUID) {
    key(name, value: 38)
    put(UInt8(ascii: "\""))
    // The digits from a string literal's constant bytes: no table to set up, no branch a digit.
    let digits: StaticString = "0123456789ABCDEF"
    let digit = digits.utf8Start
    withUnsafeBytes(of: value.uuid) { uuid in
      for index in 0..<16 {
        if index == 4 || index == 6 || index == 8 || index == 10 { put(UInt8(ascii: "-")) }
        let byte = uuid[index]
        put(digit[Int(byte >> 4)])
        put(digit[Int(byte & 0x0F)])
      }
    }
    put(UInt8(ascii: "\""))
  }

  package mutating func member(_ name: StaticString, _ value: Date) {
    key(name, value: TimestampFormat.maximumLength + 2)
    put(UInt8(ascii: "\""))
    count += TimestampFormat.write(value, to: start + count)
    put(UInt8(ascii: "\""))
  }

  package mutating func member(_ name: StaticString, _ value: Date?) {
    guard let value else { return }
    member(name, value)
  }

  // MARK: Strings

  /// `utf8` as a JSON string; room for it unescaped and its quotes is reserved.
  private mutating func string(_ utf8: UnsafeBufferPointer<UInt8>) {
    put(UInt8(ascii: "\""))
    guard let base = utf8.baseAddress else {
      put(UInt8(ascii: "\""))
      return
    }
    let count = utf8.count
    var from = 0
    var index = 0
    while index < count {
      // Eight bytes at a time while none of them needs an escape, as most text does not.
      if index + 8 <= count,
        !Self.needsEscape(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
      {
        index += 8
        continue
      }
      let byte = base[index]
      index += 1
      guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else {
        continue
      }
      put(base + from, index - 1 - from)
      from = index
      // An escape is at most 6 bytes where the input had 1: room for it, the rest and ".
      reserve(6 + count - index)
      put(0x5C)
      switch byte {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"): put(byte)
      case 0x0A: put(UInt8(ascii: "n"))
      case 0x0D: put(UInt8(ascii: "r"))
      case 0x09: put(UInt8(ascii: "t"))
      case 0x08: put(UInt8(ascii: "b"))
      case 0x0C: put(UInt8(ascii: "f"))
      default:
        put(UInt8(ascii: "u"))
        put(UInt8(ascii: "0"))
        put(UInt8(ascii: "0"))
        put(Self.hexDigit(byte >> 4, upper: false))
        put(Self.hexDigit(byte & 0x0F, upper: false))
      }
    }
    if from < count { put(base + from, count - from) }
    put(UInt8(ascii: "\""))
  }

  /// Whether any of the eight bytes of `word` may need an escape: a control character, `"`
  /// or `\`. The tests for a byte below a bound and for a zero byte work on all eight at once
  /// (a borrow can make one say yes for a byte after a match, never no for a match), so a
  /// yes is checked byte by byte and a no is certain.
  private static func needsEscape(_ word: UInt64) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let high: UInt64 = 0x8080_8080_8080_8080
    let control = (word &- ones &* 0x20) & ~word & high
    let quote = word ^ (ones &* UInt64(UInt8(ascii: "\"")))
    let backslash = word ^ (ones &* UInt64(UInt8(ascii: "\\")))
    return (control | ((quote &- ones) & ~quote & high) | ((backslash &- ones) & ~backslash & high))
      != 0
  }

  /// The hex digit of `nibble` (0...15), computed: a table in a static array cost a
  /// `swift_once` call per digit.
  private static func hexDigit(_ nibble: UInt8, upper: Bool) -> UInt8 {
    nibble < 10
      ? UInt8(ascii: "0") + nibble : (upper ? UInt8(ascii: "A") : UInt8(ascii: "a")) - 10 + nibble
  }
}
