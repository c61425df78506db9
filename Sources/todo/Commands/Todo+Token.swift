import ArgumentParser
import Foundation
import TodoCore
import TodoServer

extension Todo {
  /// `todo token create|list|revoke`: the API tokens of a server's users, changed directly in
  /// its database by its administrator.
  struct Token: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Create, list or revoke a user's API tokens (on the server's database).",
      discussion: """
        An API token signs a program in as a user: todo --server, a script, or a calendar \
        app (as the password of HTTP Basic). These commands work directly on the server's \
        database (--db, else $TODO_DB, else $DATABASE_URL, else the default file), never \
        through --server: run them where the database is.

        \(ExitStatus.helpText)
        """,
      subcommands: [Create.self, List.self, Revoke.self])
  }
}

extension Todo.Token {
  /// `todo token create --name LABEL [--read-only] (--user NAME [--db DB] | [--server URL])`.
  struct Create: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Create an API token and print it once.",
      discussion: """
        With --user, on the server's database, for that user (an administrator's command). \
        Without it, through the server (--server URL, else $TODO_SERVER) for the user signed \
        in with todo login. The token is printed alone on stdout (so that \
        TOKEN=$(todo token create …) keeps it), and only then: only a hash of its secret is \
        kept. A line on stderr says so. Tokens are read-write unless --read-only.

        \(ExitStatus.helpText)
        """)

    @Option(
      help: ArgumentHelp(
        "The user the token signs in, on the server's database.", valueName: "user"))
    var user: String?

    @Option(
      help: ArgumentHelp(
        "What the token is for, unique among the user's tokens (\"laptop\").", valueName: "label"
      ))
    var name: String

    @Flag(help: "The token may only read: every change is refused.")
    var readOnly = false

    /// `--db` with `--user`, `--server` without.
    @OptionGroup var backend: BackendOptions

    /// What the token may do.
    var scope: TokenScope { readOnly ? .read : .readWrite }

    func validate() throws {
      if user != nil, backend.server != nil {
        throw CLIError.invalid(
          "--user works on the server's database; without it the token is made through "
            + "--server for the user signed in there: give one of them")
      }
      if user == nil, backend.database != nil {
        throw CLIError.invalid("--db needs --user: say whose token to make on the database")
      }
    }

    func run() async throws {
      guard let user else {
        try await createRemotely()
        return
      }
      try await DatabaseOptions.run(backend.database) { service in
        let created = try await Self.createLocally(
          in: service, user: user, name: name, scope: scope)
        Self.show(
          created.credential.text, name: created.token.name, scope: scope,
          user: created.user.name)
      }
    }

    /// Creates the token through the server, for the user signed in there.
    private func createRemotely() async throws {
      BackendOptions.quietLogging()
      let environment = ProcessInfo.processInfo.environment
      do {
        guard let text = backend.server ?? environment["TODO_SERVER"] else {
          throw CLIError.invalid(
            "say whose token: --user NAME on the server's database, or --server URL for the "
              + "user signed in there (todo login URL)")
        }
        let backend = RemoteBackend(
          baseURL: try BackendOptions.serverURL(text), environment: environment)
        let created = try await backend.createToken(named: name, scope: scope)
        Self.show(
          created.token, name: created.info.name, scope: scope,
          user: try await backend.accountName())
      } catch {
        throw CommandRunner.fail(error)
      }
    }

    /// Creates the token in the server's database: a new credential, of which only the
    /// secret's SHA-256 is stored, under the credential's identifier.
    ///
    /// - Throws: `CLIError.notFound` for an unknown user, `TodoError.validation` for a bad
    ///   name or one the user's tokens already have.
    static func createLocally(
      in service: TodoService, user: String, name: String, scope: TokenScope
    ) async throws -> (token: AccessToken, credential: TokenCredential, user: Account) {
      let account = try await service.existingAccount(named: user)
      let credential = TokenCredential.make()
      let token = try await service.createToken(
        id: credential.id, for: account.id, named: name, scope: scope,
        secretHash: Secrets.hash(credential.secret))
      return (token, credential, account)
    }

    /// Prints a new token: its text alone on stdout, what it is on stderr.
    static func show(_ text: String, name: String, scope: TokenScope, user: String) {
      Console.error(
        "Created token \"\(name)\" (\(scope.rawValue)) for \(user). "
          + "Copy it now: it will not be shown again.")
      Console.output(text)
    }
  }

  /// `todo token list --user NAME`.
  struct List: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Show a user's tokens, newest first.",
      discussion: """
        Shows each token's name, the start of its identifier (what follows todo_ in the \
        token), its scope, when it was created and when it was last used. The tokens \
        themselves cannot be shown again.

        \(ExitStatus.helpText)
        """)

    @Option(help: ArgumentHelp("The user.", valueName: "user"))
    var user: String

    @OptionGroup var database: DatabaseOptions

    func run() async throws {
      try await database.run(account: user) { service, account in
        let tokens = try await service.tokens(of: account.id)
        guard !tokens.isEmpty else {
          Console.output("\(account.name) has no tokens.")
          return
        }
        TextTable.print(
          header: ["Name", "Id", "Scope", "Created", "Last used"],
          rows: tokens.map { token in
            [
              token.name, TokenReference.shortID(token.id), token.scope.rawValue,
              TextTable.date(token.createdAt), token.lastUsedAt.map(TextTable.date) ?? "never",
            ]
          })
      }
    }
  }

  /// `todo token revoke --user NAME TOKEN`.
  struct Revoke: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Revoke a user's token: the next request with it is refused.",
      discussion: """
        TOKEN is the token's name (ignoring case), its identifier or the start of it (8 \
        hexadecimal digits or more, as todo token list shows), or the token itself.

        \(ExitStatus.helpText)
        """)

    @Option(help: ArgumentHelp("The user.", valueName: "user"))
    var user: String

    @Argument(help: "The token's name or identifier.")
    var token: String

    @OptionGroup var database: DatabaseOptions

    func run() async throws {
      try await database.run(account: user) { service, account in
        let tokens = try await service.tokens(of: account.id)
        let found = try TokenReference.resolve(token, in: tokens, user: account.name)
        try await service.revokeToken(id: found.id, of: account.id)
        Console.output("Revoked token: \(found.name) (\(TokenReference.shortID(found.id)))")
      }
    }
  }
}

/// Naming a token on the command line: by name, identifier, identifier prefix or its text.
enum TokenReference {
  /// The first 8 hexadecimal digits of an identifier, as in the token's text.
  static func shortID(_ id: UUID) -> String {
    String(id.uuidString.lowercased().prefix(8))
  }

  /// The token `reference` names among `tokens`: the one with that name (ignoring case),
  /// else the one whose identifier it is (with or without dashes, or inside a token's text)
  /// or starts with (8 hexadecimal digits or more, unambiguous).
  ///
  /// - Throws: `CLIError.notFound` when none matches, `CLIError.invalid` for an ambiguous
  ///   prefix.
  static func resolve(_ reference: String, in tokens: [AccessToken], user: String) throws
    -> AccessToken
  {
    let text = reference.trimmingCharacters(in: .whitespacesAndNewlines)
    if let named = tokens.first(where: { $0.name.lowercased() == text.lowercased() }) {
      return named
    }
    let digits: String
    if let credential = TokenCredential(text) {
      digits = hexDigits(credential.id)
    } else {
      digits = text.lowercased().replacingOccurrences(of: "-", with: "")
    }
    let isHex = digits.allSatisfy { $0.isHexDigit && $0.isASCII }
    if isHex, digits.count >= 8 {
      let matches = tokens.filter { hexDigits($0.id).hasPrefix(digits) }
      if matches.count == 1 { return matches[0] }
      if matches.count > 1 {
        throw CLIError.invalid(
          "\"\(reference)\" starts the identifiers of several tokens of \(user); give more "
            + "digits or the name")
      }
    }
    // A token's text holds its secret: it is not repeated on stderr.
    let shown = TokenCredential(text) == nil ? "\"\(reference)\"" : "todo_\(digits.prefix(8))…"
    throw CLIError.notFound(
      "\(user) has no token named or identified \(shown) (todo token list --user \(user) "
        + "shows them)")
  }

  private static func hexDigits(_ id: UUID) -> String {
    id.uuidString.lowercased().replacingOccurrences(of: "-", with: "")
  }
}
