/// A small deterministic random generator (SplitMix64) for property tests, so that a
/// failure reproduces on every run.
struct SplitMix {
  var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  /// A number in `0..<bound`.
  mutating func next(_ bound: Int) -> Int {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return Int((z ^ (z >> 31)) % UInt64(bound))
  }

  /// A string of up to `maxLength - 1` pieces drawn from `alphabet`.
  mutating func string(from alphabet: [String], maxLength: Int) -> String {
    (0..<next(maxLength)).map { _ in alphabet[next(alphabet.count)] }.joined()
  }
}
