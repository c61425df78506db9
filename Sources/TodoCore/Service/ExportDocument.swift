import Foundation

/// Everything in a todo store as one JSON document, for backups and moving between machines.
///
/// The document is versioned by ``format``; an import refuses formats it does not know.
/// Encode it with ``encoder`` and decode it with ``decoder`` (ISO 8601 dates, sorted keys).
///
/// ```json
/// {"format": 1, "exportedAt": "2026-03-01T10:00:00Z", "lists": [...], "todos": [...]}
/// ```
public struct ExportDocument: Codable, Sendable, Hashable {
  /// The format this code writes and reads.
  public static let currentFormat = 1

  /// The document's format version.
  public var format: Int
  /// When the document was written.
  public var exportedAt: Date
  /// Every list, trashed ones included.
  public var lists: [TodoList]
  /// Every todo, trashed ones included.
  public var todos: [Todo]
  /// The completed occurrences of the repeating todos in ``todos``; absent in documents
  /// from before repeating todos, and where there are none.
  public var completions: [TodoCompletion]?

  /// Creates a document in the current format.
  public init(
    exportedAt: Date, lists: [TodoList], todos: [Todo], completions: [TodoCompletion]? = nil
  ) {
    self.format = Self.currentFormat
    self.exportedAt = exportedAt
    self.lists = lists
    self.todos = todos
    self.completions = completions
  }

  /// The encoder for documents: ISO 8601 dates, pretty-printed, sorted keys.
  public static var encoder: JSONEncoder {
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .iso8601
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return encoder
  }

  /// The decoder for documents.
  public static var decoder: JSONDecoder {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    return decoder
  }

  /// Reads a document from JSON.
  ///
  /// - Throws: `TodoError.invalidImport` saying where the JSON is wrong.
  public static func decode(_ data: Data) throws -> ExportDocument {
    do {
      return try decoder.decode(ExportDocument.self, from: data)
    } catch let error as DecodingError {
      throw TodoError.invalidImport(error.readableDescription)
    }
  }
}

extension DecodingError {
  /// A one-line description: what is wrong and where (`todos[3].deadline`).
  public var readableDescription: String {
    func path(_ codingPath: [any CodingKey]) -> String {
      var text = ""
      for key in codingPath {
        if let index = key.intValue {
          text += "[\(index)]"
        } else {
          text += text.isEmpty ? key.stringValue : "." + key.stringValue
        }
      }
      return text.isEmpty ? "the document" : text
    }
    switch self {
    case .dataCorrupted(let context):
      if context.codingPath.isEmpty { return "the body is not valid JSON" }
      return "\(path(context.codingPath)): \(context.debugDescription)"
    case .keyNotFound(let key, let context):
      return "\(path(context.codingPath + [key])) is missing"
    case .typeMismatch(let type, let context):
      return "\(path(context.codingPath)) should be \(Self.jsonName(of: type))"
    case .valueNotFound(let type, let context):
      return "\(path(context.codingPath)) should be \(Self.jsonName(of: type)), not null"
    @unknown default:
      return "the document cannot be read"
    }
  }

  private static func jsonName(of type: Any.Type) -> String {
    switch type {
    case is String.Type: "a string"
    case is Bool.Type: "true or false"
    case is Int.Type, is Double.Type, is Int64.Type: "a number"
    case is [Any].Type: "an array"
    default: "an object"
    }
  }
}
