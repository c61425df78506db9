import ArgumentParser
import Foundation
import HTTPTypes
import TodoCore
import TodoServer

extension Todo {
  /// `todo login URL`: signs in to a server with accounts and keeps an API token for it.
  struct Login: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Sign in to a server and keep a token for it.",
      discussion: """
        Asks for the user name and password, signs in, creates an API token named after \
        this machine, and keeps it in $XDG_CONFIG_HOME/todo/logins.json (else \
        ~/.config/todo/logins.json), readable by you alone. Every command with --server URL \
        (or $TODO_SERVER) then uses it. With --token-stdin, a token made in the page is kept \
        instead (no password is asked). The password is never stored.

        \(ExitStatus.helpText)
        """)

    @Argument(help: ArgumentHelp("The server, like https://todo.example.org.", valueName: "url"))
    var server: String

    @Option(help: ArgumentHelp("The user name (asked if not given).", valueName: "name"))
    var user: String?

    @Flag(help: "Read the password from one line of stdin instead of asking.")
    var passwordStdin = false

    @Flag(help: "Read an API token from stdin and keep it, instead of signing in.")
    var tokenStdin = false

    func validate() throws {
      _ = try BackendOptions.serverURL(server)
      if passwordStdin, tokenStdin {
        throw ValidationError("give either --password-stdin or --token-stdin")
      }
    }

    func run() async throws {
      BackendOptions.quietLogging()
      let environment = ProcessInfo.processInfo.environment
      do {
        let url = try BackendOptions.serverURL(server)
        let logins = StoredLogins(environment: environment)
        let login = try await tokenStdin ? keep(url) : signIn(url)
        try logins.save(login, for: url)
        Console.output(
          "Signed in to \(StoredLogins.key(url)) as \(login.user); the token is kept in "
            + logins.file.path)
      } catch {
        throw CommandRunner.fail(error)
      }
    }

    /// Checks a pasted token against the server and names its user.
    private func keep(_ url: URL) async throws -> StoredLogins.Login {
      let token = try PasswordInput.secret(
        prompt: "Token: ", fromStdin: true, option: "--token-stdin"
      ).trimmingCharacters(in: .whitespacesAndNewlines)
      guard TokenCredential(token) != nil else {
        throw CLIError.invalid("that is not a todo token (todo_ followed by 97 characters)")
      }
      let name = try await RemoteBackend(baseURL: url, token: token).accountName()
      return StoredLogins.Login(user: name, token: token)
    }

    /// Signs in with a password, creates a token in that session, signs out.
    private func signIn(_ url: URL) async throws -> StoredLogins.Login {
      let name: String
      if let user {
        name = user
      } else {
        guard Console.inputIsTerminal else {
          throw CLIError.invalid("say who signs in with --user NAME")
        }
        FileHandle.standardError.write(Data("User name: ".utf8))
        name = (readLine() ?? "").trimmingCharacters(in: .whitespaces)
      }
      let password = try PasswordInput.secret(
        prompt: "Password for \(name): ", fromStdin: passwordStdin, option: "--password-stdin")
      let anonymous = RemoteBackend.makeClient(root: url)
      let signedIn = try await RemoteBackend.calling(url) {
        try await anonymous.signIn(body: .json(.init(name: name, password: password))).ok
      }
      let session = try signedIn.body.json
      guard let cookie = signedIn.headers.setCookie.split(separator: ";").first else {
        throw CLIError.unavailable("the server did not set a session cookie")
      }
      var headers = HTTPFields()
      headers[.cookie] = String(cookie)
      headers[HTTPField.Name("X-CSRF-Token")!] = session.csrfToken ?? ""
      let client = RemoteBackend.makeClient(root: url, headers: headers)
      let host = ProcessInfo.processInfo.hostName
      let label = "todo on \(host) \(Self.stamp())"
      let created = try await RemoteBackend.calling(url) {
        try await client.createToken(body: .json(.init(name: label, scope: .readWrite)))
          .created.body.json
      }
      _ = try? await client.signOut()
      return StoredLogins.Login(user: session.account.name, token: created.token)
    }

    private static func stamp() -> String {
      let formatter = DateFormatter()
      formatter.locale = Locale(identifier: "en_US_POSIX")
      formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
      return formatter.string(from: Date())
    }
  }

  /// `todo logout [URL]`: revokes and forgets the token of `todo login`.
  struct Logout: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Sign out of a server: revoke its token and forget it.",
      discussion: """
        The server is URL, else $TODO_SERVER. The token is revoked on the server when it can \
        be reached, and removed from the logins file in any case.

        \(ExitStatus.helpText)
        """)

    @Argument(help: ArgumentHelp("The server (default: $TODO_SERVER).", valueName: "url"))
    var server: String?

    func run() async throws {
      BackendOptions.quietLogging()
      let environment = ProcessInfo.processInfo.environment
      do {
        guard let text = server ?? environment["TODO_SERVER"] else {
          throw CLIError.invalid("say which server: todo logout URL")
        }
        let url = try BackendOptions.serverURL(text)
        let logins = StoredLogins(environment: environment)
        guard let login = try logins.login(for: url) else {
          Console.output("Not signed in to \(StoredLogins.key(url)).")
          return
        }
        var revoked = false
        if let credential = TokenCredential(login.token) {
          let client = RemoteBackend.makeClient(root: url, token: login.token)
          revoked =
            (try? await client.revokeToken(path: .init(tokenID: credential.id.uuidString)))
            != nil
        }
        try logins.save(nil, for: url)
        Console.output(
          "Signed out of \(StoredLogins.key(url))"
            + (revoked ? "; the token is revoked." : "; the server could not revoke the token."))
      } catch {
        throw CommandRunner.fail(error)
      }
    }
  }
}
