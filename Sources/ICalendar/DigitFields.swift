/// Three fixed-width decimal numbers written one after the other, as in a DATE value
/// (`YYYYMMDD`) or the time of a DATE-TIME value (`HHMMSS`).
enum DigitFields {
  /// The three numbers `text` writes in fields `widths` wide, or `nil` unless `text` is exactly
  /// that many ASCII digits.
  static func parse(
    _ text: some StringProtocol, widths: (Int, Int, Int)
  ) -> (Int, Int, Int)? {
    let digits = Array(text.utf8)
    guard digits.count == widths.0 + widths.1 + widths.2 else { return nil }
    let second = widths.0
    let third = second + widths.1
    guard let a = number(digits[..<second]), let b = number(digits[second..<third]),
      let c = number(digits[third...])
    else { return nil }
    return (a, b, c)
  }

  /// `values` in decimal, each with leading zeros up to its width.
  static func text(_ values: (Int, Int, Int), widths: (Int, Int, Int)) -> String {
    padded(values.0, widths.0) + padded(values.1, widths.1) + padded(values.2, widths.2)
  }

  /// The number written by `digits`, or `nil` unless every byte is an ASCII digit.
  private static func number(_ digits: ArraySlice<UInt8>) -> Int? {
    var number = 0
    for digit in digits {
      guard digit >= 0x30 && digit <= 0x39 else { return nil }
      number = number * 10 + Int(digit - 0x30)
    }
    return number
  }

  /// `number` in decimal, with leading zeros up to `width` digits.
  private static func padded(_ number: Int, _ width: Int) -> String {
    let digits = String(number)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
  }
}
