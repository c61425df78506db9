import Persistence

/// A small seeded generator (SplitMix64), so long random runs are reproducible from one seed.
struct OrderKeyTestRandom: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// What the tests compare order keys against, written independently of the library.
enum OrderKeyOracle {
  /// The alphabet in the order of its digit values.
  static let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")

  /// Number of base-62 digits of the fixed-point scale used by ``scaledValue(_:)``.
  static let scaleDigits = 8

  /// Builds a key's text from digit values, dropping trailing zeros; `nil` when nothing is left.
  static func text(digits: [Int]) -> String? {
    var digits = digits
    while digits.last == 0 { digits.removeLast() }
    return digits.isEmpty ? nil : String(digits.map { alphabet[$0] })
  }

  /// How SQLite's `BINARY` collation compares two texts: `memcmp` over the common length,
  /// then the shorter one first.
  static func sqliteBinaryPrecedes(_ lhs: String, _ rhs: String) -> Bool {
    let left = Array(lhs.utf8)
    let right = Array(rhs.utf8)
    for index in 0..<min(left.count, right.count) where left[index] != right[index] {
      return left[index] < right[index]
    }
    return left.count < right.count
  }

  /// 62^`exponent`, exactly.
  static func power62(_ exponent: Int) -> Int {
    (0..<exponent).reduce(1) { result, _ in result * 62 }
  }

  /// The fraction a key of at most ``scaleDigits`` characters stands for, times 62^8; `nil`
  /// means the open upper end (1).
  static func scaledValue(_ key: OrderKey?) -> Int {
    guard let key else { return power62(scaleDigits) }
    precondition(key.rawValue.count <= scaleDigits)
    var value = 0
    for (index, character) in key.rawValue.enumerated() {
      value += alphabet.firstIndex(of: character)! * power62(scaleDigits - 1 - index)
    }
    return value
  }

  /// How many keys of at most `length` characters lie strictly between two bounds of at most
  /// ``scaleDigits`` characters (`nil` = the open ends).
  static func keysOfLength(_ length: Int, between lower: OrderKey?, and upper: OrderKey?) -> Int {
    let step = power62(scaleDigits - length)
    let low = lower.map(scaledValue) ?? 0
    let high = scaledValue(upper)
    // The points m * step with low < m * step < high; m >= 1 since low >= 0.
    return max(0, (high - 1) / step - low / step)
  }
}
