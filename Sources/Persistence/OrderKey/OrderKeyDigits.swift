/// The base-62 digits that order keys are written with.
///
/// A key is read as the fraction `0.d₁d₂d₃…` in base 62. The alphabet `0-9A-Za-z` is in ASCII
/// order, so comparing two keys byte by byte (SQLite `BINARY`, PostgreSQL `COLLATE "C"`,
/// `memcmp`) compares the fractions they stand for. Digits are handled here as their values
/// `0...61`; only ``OrderKey`` turns them back into text.
enum OrderKeyDigits {
  /// The number base of a key's digits.
  static let base = 62

  /// The largest digit value (`z`).
  static let maximum: UInt8 = 61

  /// The digit characters in ascending order: `alphabet[value]` is the ASCII byte of `value`.
  static let alphabet: [UInt8] = Array(
    "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz".utf8)

  /// The value of one ASCII byte of a key, or `nil` when the byte is not a digit.
  static func value(of byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "A")...UInt8(ascii: "Z"): byte - UInt8(ascii: "A") + 10
    case UInt8(ascii: "a")...UInt8(ascii: "z"): byte - UInt8(ascii: "a") + 36
    default: nil
    }
  }

  /// The digit at `index`, or `0` past the end: a key's value does not change when zeros are
  /// appended to it.
  static func digit(_ digits: [UInt8], at index: Int) -> UInt8 {
    index < digits.count ? digits[index] : 0
  }

  /// Removes the trailing zeros, which leaves the value unchanged and makes the digits the
  /// canonical spelling of that value.
  static func trimmed(_ digits: [UInt8]) -> [UInt8] {
    var digits = digits
    while digits.last == 0 { digits.removeLast() }
    return digits
  }
}
