import Foundation
import Testing

@testable import TodoCore

@Suite("JSONBytes")
struct JSONBytesTests {
  @Test("control characters are escaped as lower-case \\u00XX and UUIDs are written upper-case")
  func hexDigits() throws {
    let id = try #require(UUID(uuidString: "0A1B2C3D-4E5F-6A7B-8C9D-AEBFCADBECFD"))
    var json = JSONBytes(capacity: 16)
    json.beginObject(first: true)
    json.member("text", "a\u{01}\u{1F}\u{7F}b")
    json.member("id", id)
    json.endObject()
    let text = String(decoding: json.bytes, as: UTF8.self)
    #expect(
      text == #"{"text":"a\u0001\u001f\#u{7F}b","id":"0A1B2C3D-4E5F-6A7B-8C9D-AEBFCADBECFD"}"#)
    // What Foundation reads back is what was written.
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.bytes)) as? [String: String])
    #expect(object["text"] == "a\u{01}\u{1F}\u{7F}b")
    #expect(object["id"] == id.uuidString)
  }

  @Test("stored text that is not UTF-8 is repaired; a separated list is an array without empties")
  func storedText() throws {
    // 'c', a lone continuation byte, 'd'; then tags as the store keeps them.
    let broken: [UInt8] = [0x63, 0x80, 0x64]
    let tags = Array("#work##é#a\"b#".utf8)
    var json = JSONBytes(capacity: 4)
    json.beginObject(first: true)
    broken.withUnsafeBufferPointer { json.member("title", text: $0) }
    Array("plain".utf8).withUnsafeBufferPointer { json.member("notes", text: $0) }
    tags.withUnsafeBufferPointer { json.member("tags", splitting: $0, on: UInt8(ascii: "#")) }
    Array("##".utf8).withUnsafeBufferPointer {
      json.member("none", splitting: $0, on: UInt8(ascii: "#"))
    }
    json.endObject()
    #expect(
      String(decoding: json.bytes, as: UTF8.self)
        == #"{"title":"c\#u{FFFD}d","notes":"plain","tags":["work","é","a\"b"],"none":[]}"#)
    #expect(try JSONSerialization.jsonObject(with: Data(json.bytes)) is [String: Any])
  }

  @Test("strings of every length and mix are written byte for byte as the API's encoder writes")
  func sameAsEncoder() throws {
    let alphabet: [String] = [
      "a", "Z", " ", "é", "🍎", "\"", "\\", "/", "\n", "\r", "\t", "\u{08}", "\u{0C}", "\u{01}",
      "\u{1F}", "\u{7F}", "~",
    ]
    var generator = SystemRandomNumberGenerator()
    let encoder = JSONEncoder()
    encoder.outputFormatting = .withoutEscapingSlashes
    for length in 0..<40 {
      for _ in 0..<25 {
        let text = (0..<length).map { _ in alphabet.randomElement(using: &generator)! }.joined()
        var json = JSONBytes(capacity: 8)
        json.beginObject(first: true)
        json.member("t", text)
        json.endObject()
        let expected = String(decoding: try encoder.encode(["t": text]), as: UTF8.self)
        #expect(String(decoding: json.bytes, as: UTF8.self) == expected, "\(Array(text.utf8))")
      }
    }
  }
}
