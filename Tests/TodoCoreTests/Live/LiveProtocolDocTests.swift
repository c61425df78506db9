import Foundation
import Testing

@testable import TodoCore

/// `docs/live-protocol.md` against the Swift types: every example it gives is a message they
/// read, says nothing they ignore, and every type of message has one.
@Suite("Live protocol: the document's examples are messages of the Swift types")
struct LiveProtocolDocTests {
  /// One JSON example of the document.
  struct Example: CustomStringConvertible {
    /// Which way the example goes: under "## Server → page" or "## Page → server".
    enum Direction { case toPage, toServer }

    /// The line of the document it starts on.
    var line: Int
    var json: String
    var direction: Direction

    var description: String { "docs/live-protocol.md:\(line)" }
  }

  static let path = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("docs/live-protocol.md").path

  /// The examples of the document: each ` ```json ` block is one message, each line of a
  /// ` ```jsonl ` block one message.
  static func examples() throws -> [Example] {
    let lines = try String(contentsOfFile: path, encoding: .utf8)
      .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var examples: [Example] = []
    var direction: Example.Direction?
    var index = 0
    while index < lines.count {
      let line = lines[index]
      if line.hasPrefix("## ") {
        direction =
          line.contains("Server → page")
          ? .toPage : line.contains("Page → server") ? .toServer : nil
      }
      guard line == "```json" || line == "```jsonl" else {
        index += 1
        continue
      }
      let start = index + 1
      var end = start
      while end < lines.count, lines[end] != "```" { end += 1 }
      let block = lines[start..<end]
      guard let direction else {
        Issue.record("docs/live-protocol.md:\(index + 1): an example outside the two directions")
        index = end + 1
        continue
      }
      if line == "```json" {
        examples.append(
          Example(line: start + 1, json: block.joined(separator: "\n"), direction: direction))
      } else {
        for (offset, text) in zip(block.indices, block) where !text.isEmpty {
          examples.append(Example(line: offset + 1, json: text, direction: direction))
        }
      }
      index = end + 1
    }
    return examples
  }

  /// The example decoded with the Swift type of its direction, and encoded again.
  static func reencoded(_ example: Example) throws -> Data {
    let data = Data(example.json.utf8)
    switch example.direction {
    case .toServer:
      return try #require(try LiveEvent(json: data).json())
    case .toPage:
      return try LiveMessage(json: data).encoded()
    }
  }

  @Test("every example decodes, and encodes again with every field it names")
  func examplesDecode() throws {
    let examples = try Self.examples()
    #expect(!examples.isEmpty)
    for example in examples {
      do {
        let encoded = try JSONDecoder().decode(JSON.self, from: Self.reencoded(example))
        let written = try JSONDecoder().decode(JSON.self, from: Data(example.json.utf8))
        // A field the types do not know would be dropped silently: a misspelt optional
        // field, or one the protocol no longer has.
        if let unknown = written.firstPath(missingFrom: encoded) {
          Issue.record("\(example): \(unknown) is not a field of the protocol")
        }
      } catch {
        Issue.record("\(example): \(error)\n\(example.json)")
      }
    }
  }

  @Test("every type of event and message has an example")
  func everyTypeHasAnExample() throws {
    struct Typed: Decodable { var type: String }
    var events: Set<String> = []
    var messages: Set<String> = []
    for example in try Self.examples() {
      guard let typed = try? JSONDecoder().decode(Typed.self, from: Data(example.json.utf8))
      else { continue }
      switch example.direction {
      case .toServer: events.insert(typed.type)
      case .toPage: messages.insert(typed.type)
      }
    }
    #expect(Set(LiveEvent.wireTypes.map(\.name)).subtracting(events).isEmpty)
    #expect(Set(LiveMessage.wireTypes.map(\.name)).subtracting(messages).isEmpty)
  }
}

/// Any JSON value, to compare an example with what the types write.
enum JSON: Decodable, Equatable {
  case object([String: JSON])
  case array([JSON])
  case string(String)
  case number(Double)
  case bool(Bool)
  case null

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let bool = try? container.decode(Bool.self) {
      self = .bool(bool)
    } else if let number = try? container.decode(Double.self) {
      self = .number(number)
    } else if let string = try? container.decode(String.self) {
      self = .string(string)
    } else if let array = try? container.decode([JSON].self) {
      self = .array(array)
    } else {
      self = .object(try container.decode([String: JSON].self))
    }
  }

  /// The path of the first field of this value that `other` does not have, or `nil`.
  func firstPath(missingFrom other: JSON, at path: String = "") -> String? {
    switch (self, other) {
    case (.object(let mine), .object(let theirs)):
      for key in mine.keys.sorted() {
        let here = path.isEmpty ? key : "\(path).\(key)"
        guard let value = theirs[key] else { return here }
        if let missing = mine[key]?.firstPath(missingFrom: value, at: here) { return missing }
      }
      return nil
    case (.array(let mine), .array(let theirs)):
      guard mine.count == theirs.count else { return path }
      for (index, pair) in zip(mine, theirs).enumerated() {
        if let missing = pair.0.firstPath(missingFrom: pair.1, at: "\(path)[\(index)]") {
          return missing
        }
      }
      return nil
    default:
      return self == other ? nil : path
    }
  }
}
