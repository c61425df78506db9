import Foundation
import GRDB

extension StoredValue {
  /// The GRDB value to bind.
  var databaseValue: DatabaseValue {
    switch self {
    case .null: .null
    case .integer(let value): value.databaseValue
    case .real(let value): value.databaseValue
    case .text(let value): value.databaseValue
    case .blob(let value): value.databaseValue
    }
  }

  /// The value GRDB read.
  init(_ value: DatabaseValue) {
    switch value.storage {
    case .null: self = .null
    case .int64(let value): self = .integer(value)
    case .double(let value): self = .real(value)
    case .string(let value): self = .text(value)
    case .blob(let value): self = .blob(value)
    }
  }
}

extension EngineError {
  /// An engine error from a GRDB error, keeping the statement's arguments when known.
  init(_ error: DatabaseError, arguments: [StoredValue] = []) {
    self.init(
      code: Int(error.extendedResultCode.rawValue), message: error.message ?? "\(error)",
      sql: error.sql, arguments: arguments)
  }

  /// Converts any error thrown by GRDB; domain errors pass through unchanged.
  static func wrap(_ error: any Error, arguments: [StoredValue] = []) -> any Error {
    if let error = error as? DatabaseError { return EngineError(error, arguments: arguments) }
    return error
  }
}

/// Double-quotes an identifier that has already been validated as `[A-Za-z_][A-Za-z0-9_]*`.
func quoted(_ identifier: String) -> String {
  "\"\(identifier)\""
}
