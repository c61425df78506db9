extension String {
  /// Whether two names are equal ignoring the case of ASCII letters, as RFC 5545 compares
  /// property, parameter and component names; other characters must match exactly.
  func equalsIgnoringASCIICase(_ other: String) -> Bool {
    guard utf8.count == other.utf8.count else { return false }
    return zip(utf8, other.utf8).allSatisfy { lhs, rhs in
      lhs == rhs || (Self.lowercased(lhs) == Self.lowercased(rhs))
    }
  }

  /// `byte` with an ASCII capital letter made small.
  private static func lowercased(_ byte: UInt8) -> UInt8 {
    byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
  }

  /// The string without leading and trailing spaces and tabs.
  func trimmingBlanks() -> Substring {
    let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
    guard let first = firstIndex(where: { !isBlank($0) }),
      let last = lastIndex(where: { !isBlank($0) })
    else { return "" }
    return self[first...last]
  }
}
