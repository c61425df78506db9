import Foundation
import Testing

@testable import TodoServer

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
}
