/// Why a live page's message could not be read. The server answers it with an `error`
/// message (``LiveMessage/error(code:message:)``) and keeps the connection open.
public enum LiveProtocolError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Not JSON, or not a JSON object, or without a version.
  case malformed(String)
  /// A schema version this server does not speak.
  case unsupportedVersion(Int)
  /// An event type that does not exist.
  case unknownType(String)
  /// A field is missing or has the wrong type or value.
  case invalidField(String, String)
  /// The message is larger than the server reads.
  case tooLarge(Int)

  /// The machine-readable code sent as `code`.
  public var code: String {
    switch self {
    case .malformed: "malformed"
    case .unsupportedVersion: "unsupportedVersion"
    case .unknownType: "unknownType"
    case .invalidField: "invalidField"
    case .tooLarge: "tooLarge"
    }
  }

  /// A sentence for people.
  public var description: String {
    switch self {
    case .malformed(let reason): "malformed message: \(reason)"
    case .unsupportedVersion(let version):
      "unsupported message version \(version); this server speaks version \(LiveMessage.version)"
    case .unknownType(let type): "unknown event type \"\(type)\""
    case .invalidField(let field, let reason): "field \"\(field)\": \(reason)"
    case .tooLarge(let limit): "the message is larger than \(limit) bytes"
    }
  }

  /// The error message for the page.
  public var message: LiveMessage { .error(code: code, message: description) }
}
