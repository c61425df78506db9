/// What differs between the SQL the engines speak. Everything else, the queries, the
/// statements of every write and the schema, is built once for both.
enum SQLDialect: Sendable {
  case sqlite
  case postgres

  /// The placeholder of the `number`th argument (from 1): `?` or `$1`.
  func placeholder(_ number: Int) -> String {
    switch self {
    case .sqlite: "?"
    case .postgres: "$\(number)"
    }
  }

  /// A boolean constant.
  func literal(_ value: Bool) -> String {
    switch self {
    case .sqlite: value ? "1" : "0"
    case .postgres: value ? "TRUE" : "FALSE"
    }
  }

  /// The column type of a storage class. PostgreSQL text sorts by byte (`COLLATE "C"`), as
  /// SQLite's does, so order keys sort the same on both engines.
  func columnType(_ type: StorageType) -> String {
    switch (self, type) {
    case (.sqlite, _): type.rawValue
    case (.postgres, .integer): "BIGINT"
    case (.postgres, .real): "DOUBLE PRECISION"
    case (.postgres, .text): "TEXT COLLATE \"C\""
    case (.postgres, .blob): "BYTEA"
    }
  }

  /// The type of the `id` column.
  var identifierType: String {
    switch self {
    case .sqlite: "BLOB"
    case .postgres: "BYTEA"
    }
  }

  /// The type of the `version` column.
  var versionType: String {
    switch self {
    case .sqlite: "INTEGER"
    case .postgres: "BIGINT"
    }
  }
}
