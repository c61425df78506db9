/// Turns the bytes a terminal sends in raw mode into ``Key``s: UTF-8 text, control keys,
/// and the escape sequences of arrows and editing keys (`ESC [ A`, `ESC O A`, `ESC [ 3 ~`).
///
/// A read can end inside a sequence or a UTF-8 character; the decoder keeps the rest for
/// the next read. An `ESC` that ends a read is the Escape key, since terminals send a
/// sequence in one write.
///
/// ```swift
/// var decoder = KeyDecoder()
/// decoder.decode(Array("a\u{1B}[A\r".utf8))  // [.character("a"), .up, .enter]
/// ```
public struct KeyDecoder: Sendable {
  private var pending: [UInt8] = []

  /// Creates a decoder.
  public init() {}

  /// The keys in `bytes`, after those left over from the previous read.
  ///
  /// - Complexity: O(n) for the n bytes.
  public mutating func decode(_ bytes: [UInt8]) -> [Key] {
    let input = pending + bytes
    pending = []
    var keys: [Key] = []
    var index = 0
    while index < input.count {
      guard let (key, length) = Self.key(in: input[index...]) else {
        pending = Array(input[index...])
        break
      }
      if let key { keys.append(key) }
      index += length
    }
    return keys
  }

  /// The key at the start of `bytes` and its length, `nil` key for bytes that name none,
  /// or `nil` when the bytes end before the key does.
  private static func key(in bytes: ArraySlice<UInt8>) -> (Key?, Int)? {
    let first = bytes[bytes.startIndex]
    switch first {
    case 0x1B: return escapeSequence(in: bytes)
    case 0x0D, 0x0A: return (.enter, 1)
    case 0x09: return (.tab, 1)
    case 0x7F, 0x08: return (.backspace, 1)
    case 0x01...0x1A: return (.control(Character(Unicode.Scalar(first + 0x60))), 1)
    case 0x00, 0x1C...0x1F: return (nil, 1)
    default: return utf8Character(in: bytes)
    }
  }

  private static func escapeSequence(in bytes: ArraySlice<UInt8>) -> (Key?, Int)? {
    let start = bytes.startIndex
    guard bytes.count > 1 else { return (.escape, 1) }
    let introducer = bytes[start + 1]
    guard introducer == UInt8(ascii: "[") || introducer == UInt8(ascii: "O") else {
      return (.escape, 1)
    }
    // Parameters (digits and ';') up to a final byte in 0x40...0x7E.
    var end = start + 2
    while end < bytes.endIndex, (0x30...0x3F).contains(bytes[end]) { end += 1 }
    guard end < bytes.endIndex else { return nil }
    let final = bytes[end]
    let parameters = String(decoding: bytes[(start + 2)..<end], as: UTF8.self)
    let length = end - start + 1
    switch final {
    case UInt8(ascii: "A"): return (.up, length)
    case UInt8(ascii: "B"): return (.down, length)
    case UInt8(ascii: "C"): return (.right, length)
    case UInt8(ascii: "D"): return (.left, length)
    case UInt8(ascii: "H"): return (.home, length)
    case UInt8(ascii: "F"): return (.end, length)
    case UInt8(ascii: "Z"): return (.backTab, length)
    case UInt8(ascii: "~"):
      switch parameters.split(separator: ";").first {
      case "1", "7": return (.home, length)
      case "4", "8": return (.end, length)
      case "3": return (.delete, length)
      case "5": return (.pageUp, length)
      case "6": return (.pageDown, length)
      default: return (nil, length)
      }
    default: return (nil, length)
    }
  }

  private static func utf8Character(in bytes: ArraySlice<UInt8>) -> (Key?, Int)? {
    let first = bytes[bytes.startIndex]
    let length =
      switch first {
      case 0x00..<0x80: 1
      case 0xC0..<0xE0: 2
      case 0xE0..<0xF0: 3
      case 0xF0..<0xF8: 4
      default: 0
      }
    guard length > 0 else { return (nil, 1) }
    guard bytes.count >= length else { return nil }
    let text = String(decoding: bytes.prefix(length), as: UTF8.self)
    guard let character = text.first, text.unicodeScalars.first != "\u{FFFD}" else {
      return (nil, 1)
    }
    return (.character(character), length)
  }
}
