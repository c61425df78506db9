/// A failure reported by the SQL engine, with the context needed to understand it.
///
/// ```swift
/// do { try await context.save() } catch let error as EngineError {
///   logger.error("\(error.message) [\(error.code)] in \(error.sql ?? "-")")
/// }
/// ```
public struct EngineError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The engine's result code (for SQLite, the extended result code).
  public var code: Int
  /// The engine's message.
  public var message: String
  /// The statement that failed, if any.
  public var sql: String?
  /// The statement's arguments, if any.
  public var arguments: [StoredValue]

  /// Creates an engine error.
  public init(code: Int, message: String, sql: String? = nil, arguments: [StoredValue] = []) {
    self.code = code
    self.message = message
    self.sql = sql
    self.arguments = arguments
  }

  public var description: String {
    var text = "engine error \(code): \(message)"
    if let sql { text += " — \(sql)" }
    if !arguments.isEmpty { text += " \(arguments)" }
    return text
  }
}
