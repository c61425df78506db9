import Foundation

/// The tokens `todo login` keeps, one per server: `$XDG_CONFIG_HOME/todo/logins.json` (else
/// `~/.config/todo/logins.json`), readable by the user alone (the file 0600, its folder
/// 0700). `$TODO_TOKEN` overrides the file for every server.
struct StoredLogins {
  /// One server's login.
  struct Login: Codable, Equatable {
    /// The user signed in.
    var user: String
    /// The API token.
    var token: String
  }

  /// The file.
  let file: URL

  /// The logins of this process's user.
  init(environment: [String: String]) {
    file = XDGDirectory.config.todoFolder(in: environment).appendingPathComponent("logins.json")
  }

  /// The key of a server: its origin (`http://127.0.0.1:8080`), whatever path was typed.
  static func key(_ url: URL) -> String {
    var text = "\(url.scheme?.lowercased() ?? "http")://\(url.host?.lowercased() ?? "")"
    if let port = url.port { text += ":\(port)" }
    return text
  }

  /// Every stored login by server.
  func all() throws -> [String: Login] {
    guard let data = try? Data(contentsOf: file) else { return [:] }
    do {
      return try JSONDecoder().decode([String: Login].self, from: data)
    } catch {
      throw CLIError.invalid("\(file.path) is not a logins file: \(error.localizedDescription)")
    }
  }

  /// The login for `server`, if any.
  func login(for server: URL) throws -> Login? {
    try all()[Self.key(server)]
  }

  /// Stores (or replaces) the login for `server`; the file is written whole, then renamed,
  /// with mode 0600 from the start.
  func save(_ login: Login?, for server: URL) throws {
    var logins = try all()
    logins[Self.key(server)] = login
    let files = FileManager.default
    let directory = file.deletingLastPathComponent()
    do {
      try files.createDirectory(
        at: directory, withIntermediateDirectories: true,
        attributes: [.posixPermissions: 0o700])
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
      let data = try encoder.encode(logins)
      let temporary = directory.appendingPathComponent(".logins-\(UUID().uuidString)")
      guard
        files.createFile(
          atPath: temporary.path, contents: data, attributes: [.posixPermissions: 0o600])
      else { throw CocoaError(.fileWriteUnknown) }
      // rename(2) replaces the old file atomically: a reader sees the old or the new logins.
      guard rename(temporary.path, file.path) == 0 else {
        try? files.removeItem(at: temporary)
        throw CocoaError(.fileWriteUnknown)
      }
    } catch {
      throw CLIError.unavailable("cannot write \(file.path): \(error.localizedDescription)")
    }
  }

  /// The token to send to `server`: `$TODO_TOKEN`, else the stored login's.
  static func token(for server: URL, environment: [String: String]) -> String? {
    if let token = environment["TODO_TOKEN"], !token.isEmpty { return token }
    return try? StoredLogins(environment: environment).login(for: server)?.token
  }
}
