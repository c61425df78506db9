import Foundation

extension UUID {
  /// The identifier as `uuidString` writes it (upper-case hexadecimal, dashes after 8, 12, 16
  /// and 20 digits), written here rather than by Foundation, whose `uuidString` goes through
  /// `sprintf` on Linux (about 300 ns a call): the page names every row, list and filter it
  /// renders by it, every frame.
  public var text: String {
    withUnsafeBytes(of: uuid) { bytes in
      String(unsafeUninitializedCapacity: 36) { buffer in
        var out = 0
        for index in 0..<16 {
          if index == 4 || index == 6 || index == 8 || index == 10 {
            buffer[out] = UInt8(ascii: "-")
            out += 1
          }
          let byte = bytes[index]
          buffer[out] = Self.hexDigits[Int(byte >> 4)]
          buffer[out + 1] = Self.hexDigits[Int(byte & 0x0F)]
          out += 2
        }
        return out
      }
    }
  }

  private static let hexDigits = Array("0123456789ABCDEF".utf8)
}
