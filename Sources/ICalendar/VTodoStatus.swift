/// The `STATUS` of a todo.
///
/// RFC 5545 defines four values; any other text (an `X-` status, a typo) is kept as
/// ``other(_:)`` and written back as it was. Values are read without regard to case.
public enum VTodoStatus: Hashable, Sendable, CustomStringConvertible {
  /// `NEEDS-ACTION`: not started.
  case needsAction
  /// `IN-PROCESS`: started.
  case inProcess
  /// `COMPLETED`: done.
  case completed
  /// `CANCELLED`: will not be done.
  case cancelled
  /// Any other status text, as written.
  case other(String)

  /// Reads a status value.
  ///
  /// - Parameter text: The value text, such as `"NEEDS-ACTION"`.
  public init(_ text: String) {
    switch text.uppercased() {
    case "NEEDS-ACTION": self = .needsAction
    case "IN-PROCESS": self = .inProcess
    case "COMPLETED": self = .completed
    case "CANCELLED": self = .cancelled
    default: self = .other(text)
    }
  }

  /// The value text, such as `NEEDS-ACTION`.
  public var description: String {
    switch self {
    case .needsAction: "NEEDS-ACTION"
    case .inProcess: "IN-PROCESS"
    case .completed: "COMPLETED"
    case .cancelled: "CANCELLED"
    case .other(let text): text
    }
  }
}
