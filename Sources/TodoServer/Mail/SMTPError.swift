/// A failed exchange with an SMTP relay.
public struct SMTPError: Error, CustomStringConvertible {
  /// The command that failed, such as `RCPT TO:<bob@example.com>`; `AUTH PLAIN` or
  /// `AUTH LOGIN` without their credentials; or `connect`, `greeting`, `message` (the text
  /// after DATA) or `TLS setup`.
  public let command: String
  /// The relay's reply code, or `nil` when there was no usable reply: a timeout, a closed
  /// connection, a TLS failure, or a missing extension such as STARTTLS.
  public let code: Int?
  /// The relay's reply text, or what went wrong when there was no reply.
  public let message: String

  /// Makes an error.
  public init(command: String, code: Int?, message: String) {
    self.command = command
    self.code = code
    self.message = message
  }

  /// The command, code and text in one line.
  public var description: String {
    if let code {
      return "SMTP \(command) failed: \(code) \(message)"
    }
    return "SMTP \(command) failed: \(message)"
  }
}
