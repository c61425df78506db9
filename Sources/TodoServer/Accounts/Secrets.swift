import Crypto
import Foundation

/// The secrets of sessions and API tokens: made from the system's random source, shown to
/// their holder once, and stored only as their SHA-256.
public enum Secrets {
  /// 32 random bytes in lowercase hexadecimal.
  public static func random() -> String {
    var generator = SystemRandomNumberGenerator()
    return hex((0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
  }

  /// The SHA-256 of `text`'s UTF-8 bytes, in lowercase hexadecimal: what the database keeps.
  public static func hash(_ text: String) -> String {
    hex(Array(SHA256.hash(data: Data(text.utf8))))
  }

  static func hex(_ bytes: [UInt8]) -> String {
    let digits = Array("0123456789abcdef".utf8)
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count * 2)
    for byte in bytes {
      out.append(digits[Int(byte >> 4)])
      out.append(digits[Int(byte & 0x0f)])
    }
    return String(decoding: out, as: UTF8.self)
  }

  static func isHex(_ text: some StringProtocol, count: Int) -> Bool {
    text.utf8.count == count
      && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
  }
}

/// An API token as its holder sends it: `todo_` + the token's identifier (32 hexadecimal
/// digits) + `_` + its secret (64 hexadecimal digits).
public struct TokenCredential: Sendable, Hashable {
  /// The token's identifier.
  public var id: UUID
  /// The secret.
  public var secret: String

  /// A new token's credential.
  public static func make(id: UUID = UUID()) -> TokenCredential {
    TokenCredential(id: id, secret: Secrets.random())
  }

  /// The text the holder sends.
  public var text: String {
    "todo_" + id.uuidString.lowercased().replacingOccurrences(of: "-", with: "") + "_" + secret
  }

  /// Reads a token's text; `nil` for anything else.
  public init?(_ text: some StringProtocol) {
    // Its fixed layout checked on the bytes: every API request with a token reads one.
    let utf8 = text.utf8
    guard utf8.count == 102, utf8.starts(with: "todo_".utf8) else { return nil }
    let idStart = utf8.index(utf8.startIndex, offsetBy: 5)
    let idEnd = utf8.index(idStart, offsetBy: 32)
    let secretStart = utf8.index(after: idEnd)
    guard utf8[idEnd] == UInt8(ascii: "_"), Secrets.isHex(text[idStart..<idEnd], count: 32),
      Secrets.isHex(text[secretStart...], count: 64),
      let id = UUID(hexDigits: text[idStart..<idEnd])
    else { return nil }
    self.init(id: id, secret: String(text[secretStart...]))
  }

  init(id: UUID, secret: String) {
    self.id = id
    self.secret = secret
  }
}

/// A browser session's cookie value: the session's identifier, `.`, its secret.
struct SessionCredential: Sendable, Hashable {
  /// The cookie's name.
  static let cookieName = "todo_session"

  var id: UUID
  var secret: String

  static func make() -> SessionCredential {
    SessionCredential(id: UUID(), secret: Secrets.random())
  }

  var text: String { id.uuidString.lowercased() + "." + secret }

  init?(_ text: some StringProtocol) {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 2, let id = UUID(uuidString: String(parts[0])),
      Secrets.isHex(parts[1], count: 64)
    else { return nil }
    self.init(id: id, secret: String(parts[1]))
  }

  init(id: UUID, secret: String) {
    self.id = id
    self.secret = secret
  }
}

extension UUID {
  /// A UUID from 32 hexadecimal digits without dashes, in either case.
  init?(hexDigits: some StringProtocol) {
    let utf8 = hexDigits.utf8
    guard utf8.count == 32 else { return nil }
    var uuid: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    let valid = withUnsafeMutableBytes(of: &uuid) { bytes in
      for (index, digit) in utf8.enumerated() {
        let value: UInt8
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): value = digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): value = digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): value = digit - UInt8(ascii: "A") + 10
        default: return false
        }
        bytes[index / 2] |= index.isMultiple(of: 2) ? value << 4 : value
      }
      return true
    }
    guard valid else { return nil }
    self.init(uuid: uuid)
  }
}
