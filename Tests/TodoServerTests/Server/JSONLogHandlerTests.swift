import Foundation
import Logging
import Testing

@testable import TodoServer

/// `JSONLogHandler` writes lines that any JSON reader takes back as they were logged.
@Suite("JSON log lines")
struct JSONLogHandlerTests {
  @Test("every field survives quotes, backslashes, control characters and other scripts")
  func roundTrip() throws {
    let pipe = Pipe()
    var logger = Logger(label: "todo.test") {
      JSONLogHandler(label: $0, output: JSONLogHandler.Output(pipe.fileHandleForWriting))
    }
    logger[metadataKey: "hb.request.id"] = "abc123"
    let message = "a \"quoted\" path C:\\todo\nsecond line\t\u{01} — café 日本"
    logger.warning(
      "\(message)", metadata: ["http.status": .stringConvertible(200), "z": "last"])
    try pipe.fileHandleForWriting.close()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    let text = String(decoding: data, as: UTF8.self)
    #expect(text.hasSuffix("}\n") && text.filter { $0 == "\n" }.count == 1)
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: String])
    #expect(object["message"] == message)
    #expect(object["level"] == "warning")
    #expect(object["label"] == "todo.test")
    #expect(object["hb.request.id"] == "abc123")
    #expect(object["http.status"] == "200")
    #expect(object["z"] == "last")
    let time = try #require(object["time"])
    #expect(time.count == 24 && time.hasSuffix("Z"))
    let parsed = try #require(
      try? Date(time, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true)))
    #expect(abs(parsed.timeIntervalSinceNow) < 60)
  }
}
