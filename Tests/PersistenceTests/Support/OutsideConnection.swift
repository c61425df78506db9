import Foundation
import GRDB
import Persistence
import PersistenceTestEntities
import PersistenceTestSupport

/// A connection to a test's store that does not go through the library, as another program
/// would open it: GRDB on a SQLite file, `psql` on a PostgreSQL database. Tests use it to
/// look at what was written and to write what another program could.
///
/// Statements are literal SQL both engines accept; ``literal(_:)`` writes an identifier's
/// bytes in each engine's syntax.
struct OutsideConnection {
  let store: StoreLocation

  init(_ directory: TemporaryDirectory) {
    store = directory.store
  }

  /// Runs statements.
  func execute(_ sql: String) async throws {
    switch store {
    case .file(let url):
      let queue = try DatabaseQueue(path: url.path)
      defer { try? queue.close() }
      try await queue.write { db in try db.execute(sql: sql) }
    case .postgres:
      _ = try psql(sql)
    case .inMemory:
      preconditionFailure("an in-memory store has no outside connection")
    }
  }

  /// The rows a query reads, each column as text (`NULL` as nil, blobs as lowercase hex).
  func rows(_ sql: String) async throws -> [[String?]] {
    switch store {
    case .file(let url):
      let queue = try DatabaseQueue(path: url.path)
      defer { try? queue.close() }
      return try await queue.read { db in
        try Row.fetchAll(db, sql: sql).map { row in
          row.databaseValues.map { value -> String? in
            switch value.storage {
            case .null: nil
            case .int64(let number): String(number)
            case .double(let number): String(number)
            case .string(let text): text
            case .blob(let data): data.map { String(format: "%02x", $0) }.joined()
            }
          }
        }
      }
    case .postgres:
      return try psql(sql).split(separator: "\n", omittingEmptySubsequences: true).map { line in
        line.split(separator: "\u{1F}", omittingEmptySubsequences: false).map { field in
          if field == "\u{1}NULL" { return nil }
          return field.hasPrefix("\\x") ? String(field.dropFirst(2)) : String(field)
        }
      }
    case .inMemory:
      preconditionFailure("an in-memory store has no outside connection")
    }
  }

  /// The one number a query reads.
  func count(_ sql: String) async throws -> Int {
    Int(try await rows(sql).first?.first.flatMap { $0 } ?? "0") ?? 0
  }

  /// An identifier's 16 bytes as a literal of the store's engine.
  func literal(_ id: UUID) -> String {
    if case .postgres = store { return "'\\x\(Self.hex(id))'::bytea" }
    return "X'\(Self.hex(id))'"
  }

  /// The identifier whose 16 bytes `hex` spells.
  static func uuid(hex: String) -> UUID? {
    let bytes = Array(hex.utf8)
    guard bytes.count == 32 else { return nil }
    var value: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    let parsed = withUnsafeMutableBytes(of: &value) { raw -> Bool in
      for index in 0..<16 {
        guard
          let byte = UInt8(
            String(decoding: bytes[index * 2..<index * 2 + 2], as: UTF8.self), radix: 16)
        else { return false }
        raw[index] = byte
      }
      return true
    }
    return parsed ? UUID(uuid: value) : nil
  }

  /// An identifier's 16 bytes in lowercase hex, as ``rows(_:)`` returns a blob.
  static func hex(_ id: UUID) -> String {
    withUnsafeBytes(of: id.uuid) { $0.map { String(format: "%02x", $0) }.joined() }
  }

  private func psql(_ sql: String) throws -> String {
    guard case .postgres(let location) = store else { return "" }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "psql", "-X", "-q", "-A", "-t", "-F", "\u{1F}", "-P", "null=\u{1}NULL", "-v",
      "ON_ERROR_STOP=1", TestStoreLocation.address(of: .postgres(location)), "-c", sql,
    ]
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      let message = String(
        decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      throw TestStoreError(message: "psql: \(message)")
    }
    return text
  }
}
