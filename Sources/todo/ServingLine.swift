import Foundation
import Synchronization

/// The line `todo serve` prints on standard output, `todo: serving http://HOST:PORT (database
/// PATH)`, once the server both listens and has its database open: a script or a test that
/// reads it can send requests at once, without polling `/healthz`.
final class ServingLine: Sendable {
  private let host: String
  private let database: String
  private let state = Mutex<(port: Int?, databaseReady: Bool, printed: Bool)>((nil, false, false))

  init(host: String, database: String) {
    self.host = host
    self.database = database
  }

  /// The server listens on `port`.
  func listening(on port: Int) {
    update { $0.port = port }
  }

  /// The database is open and migrated.
  func databaseReady() {
    update { $0.databaseReady = true }
  }

  private func update(
    _ change: (inout (port: Int?, databaseReady: Bool, printed: Bool)) -> Void
  ) {
    let port = state.withLock { state -> Int? in
      change(&state)
      guard let port = state.port, state.databaseReady, !state.printed else { return nil }
      state.printed = true
      return port
    }
    guard let port else { return }
    let text = "todo: serving http://\(host):\(port) (database \(database))\n"
    FileHandle.standardOutput.write(Data(text.utf8))
  }
}
