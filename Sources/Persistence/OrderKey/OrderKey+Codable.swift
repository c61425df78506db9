extension OrderKey {
  /// Decodes a key from a single string, rejecting text that is not a canonical key.
  ///
  /// - Throws: `DecodingError.dataCorrupted` when the string is not a key.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let rawValue = try container.decode(String.self)
    guard let key = OrderKey(rawValue: rawValue) else {
      throw DecodingError.dataCorruptedError(
        in: container,
        debugDescription: OrderKeyError.invalidRawValue(rawValue).description)
    }
    self = key
  }

  /// Encodes the key as its raw string.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }
}
