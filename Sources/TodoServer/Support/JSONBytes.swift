import Foundation

/// JSON written straight into bytes, for the bodies whose encoding through `JSONEncoder`
/// cost more than everything else of their request (``TodoJSON``).
///
/// It writes what the generated code's encoder writes: strings as UTF-8 with `"`, `\` and
/// control characters escaped and slashes not, UUIDs upper-case as `uuidString`, dates as
/// ``TimestampFormat`` (seconds, UTC).
struct JSONBytes {
  /// The bytes written so far.
  private(set) var bytes: [UInt8] = []
  /// Whether the object being written has a member yet.
  private var needsComma = false

  init(capacity: Int) {
    bytes.reserveCapacity(capacity)
  }

  // MARK: Structure

  mutating func beginArray() {
    bytes.append(UInt8(ascii: "["))
    needsComma = false
  }

  mutating func endArray() {
    bytes.append(UInt8(ascii: "]"))
  }

  /// Starts an object; a comma first when it is not the first element of an array.
  mutating func beginObject(first: Bool) {
    if !first { bytes.append(UInt8(ascii: ",")) }
    bytes.append(UInt8(ascii: "{"))
    needsComma = false
  }

  mutating func endObject() {
    bytes.append(UInt8(ascii: "}"))
  }

  private mutating func key(_ name: StaticString) {
    if needsComma { bytes.append(UInt8(ascii: ",")) }
    needsComma = true
    bytes.append(UInt8(ascii: "\""))
    bytes.append(
      contentsOf: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
    bytes.append(UInt8(ascii: "\""))
    bytes.append(UInt8(ascii: ":"))
  }

  // MARK: Members

  mutating func member(_ name: StaticString, _ value: String) {
    key(name)
    string(value)
  }

  mutating func member(_ name: StaticString, _ value: String?) {
    guard let value else { return }
    member(name, value)
  }

  mutating func member(_ name: StaticString, _ value: Int) {
    key(name)
    bytes.append(contentsOf: String(value).utf8)
  }

  mutating func member(_ name: StaticString, _ value: Int?) {
    guard let value else { return }
    member(name, value)
  }

  mutating func member(_ name: StaticString, _ value: UUID) {
    key(name)
    bytes.append(UInt8(ascii: "\""))
    withUnsafeBytes(of: value.uuid) { uuid in
      for (index, byte) in uuid.enumerated() {
        if index == 4 || index == 6 || index == 8 || index == 10 {
          bytes.append(UInt8(ascii: "-"))
        }
        bytes.append(Self.hexDigit(byte >> 4, upperCase: true))
        bytes.append(Self.hexDigit(byte & 0x0F, upperCase: true))
      }
    }
    bytes.append(UInt8(ascii: "\""))
  }

  mutating func member(_ name: StaticString, _ value: Date) {
    key(name)
    bytes.append(UInt8(ascii: "\""))
    TimestampFormat.append(value, to: &bytes)
    bytes.append(UInt8(ascii: "\""))
  }

  mutating func member(_ name: StaticString, _ value: Date?) {
    guard let value else { return }
    member(name, value)
  }

  // MARK: Strings

  /// `text` as a JSON string.
  private mutating func string(_ text: String) {
    bytes.append(UInt8(ascii: "\""))
    var text = text
    text.withUTF8 { utf8 in
      var start = 0
      for index in 0..<utf8.count {
        let byte = utf8[index]
        guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else {
          continue
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
        start = index + 1
        bytes.append(0x5C)
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(byte)
        case 0x0A: bytes.append(UInt8(ascii: "n"))
        case 0x0D: bytes.append(UInt8(ascii: "r"))
        case 0x09: bytes.append(UInt8(ascii: "t"))
        case 0x08: bytes.append(UInt8(ascii: "b"))
        case 0x0C: bytes.append(UInt8(ascii: "f"))
        default:
          bytes.append(UInt8(ascii: "u"))
          bytes.append(UInt8(ascii: "0"))
          bytes.append(UInt8(ascii: "0"))
          bytes.append(Self.hexDigit(byte >> 4, upperCase: false))
          bytes.append(Self.hexDigit(byte & 0x0F, upperCase: false))
        }
      }
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<utf8.count]))
    }
    bytes.append(UInt8(ascii: "\""))
  }

  /// The hexadecimal digit of `value` (0...15).
  private static func hexDigit(_ value: UInt8, upperCase: Bool) -> UInt8 {
    value < 10
      ? UInt8(ascii: "0") + value : (upperCase ? UInt8(ascii: "A") : UInt8(ascii: "a")) + value - 10
  }
}
