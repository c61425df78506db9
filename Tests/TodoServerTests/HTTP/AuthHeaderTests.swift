import Foundation
import Testing

@testable import TodoServer

/// The `Authorization` header's token, read before it is checked: what is a token, what is not.
@Suite("Authorization header")
struct AuthHeaderTests {
  private static let credential = TokenCredential.make()

  @Test("Bearer in any case, with spaces and tabs around the value, reads the token")
  func bearer() throws {
    let text = Self.credential.text
    for header in [
      "Bearer \(text)", "bearer \(text)", "BEARER \(text)", "  Bearer \t \(text) \t",
    ] {
      let (read, user) = try #require(AuthMiddleware.token(header), "\(header)")
      #expect(read == Self.credential)
      #expect(user == nil)
    }
  }

  @Test("Basic NAME:TOKEN reads the token and its user's name")
  func basic() throws {
    let encoded = Data("ann:\(Self.credential.text)".utf8).base64EncodedString()
    let (read, user) = try #require(AuthMiddleware.token("Basic \(encoded)"))
    #expect(read == Self.credential)
    #expect(user == "ann")
  }

  @Test("no value, another scheme, a short, long or non-hexadecimal token is no token")
  func refused() {
    let text = Self.credential.text
    for header in [
      "", "Bearer", "Bearer ", "Bearer \t ", text, "Token \(text)", "Bearer \(text.dropLast())",
      "Bearer \(text)0", "Bearer \(text.replacingOccurrences(of: "todo_", with: "todx_"))",
      "Bearer todo_" + String(repeating: "g", count: 32) + "_" + String(repeating: "0", count: 64),
      "Bearer \(text) extra", "Basic !!!", "Bearer \(text.uppercased())",
      "Bearer " + text.prefix(37) + "-" + text.dropFirst(38),
    ] {
      #expect(AuthMiddleware.token(header) == nil, "\(header)")
    }
  }

  @Test("a token's identifier reads in either case; anything but 32 digits is none")
  func identifierDigits() throws {
    let id = UUID()
    let digits = id.uuidString.replacingOccurrences(of: "-", with: "")
    #expect(UUID(hexDigits: digits) == id)
    #expect(UUID(hexDigits: digits.lowercased()) == id)
    #expect(UUID(hexDigits: digits.dropLast()) == nil)
    #expect(UUID(hexDigits: digits + "0") == nil)
    #expect(UUID(hexDigits: "z" + digits.dropFirst()) == nil)
  }
}
