import ArgumentParser
import Foundation
import TerminalUI
import TodoCore
import TodoServer

extension Todo {
  /// `todo user add|list|passwd|remove`: the accounts of a server, changed directly in its
  /// database by its administrator.
  struct User: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Add, list, change or remove the users of a server (on its database).",
      discussion: """
        These commands work directly on the server's database (--db, else $TODO_DB, else \
        $DATABASE_URL, else the default file), never through --server: run them where the \
        database is. A server has accounts as soon as it has one user; the first user takes \
        over the lists that exist.

        \(ExitStatus.helpText)
        """,
      subcommands: [Add.self, List.self, Passwd.self, Mail.self, Remove.self])
  }
}

extension Todo.User {
  /// `todo user add NAME [--password-stdin]`.
  struct Add: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Add a user.",
      discussion: """
        The password is asked twice on the terminal, without echo, or read as one line of \
        stdin with --password-stdin. It has at least \
        \(AccountValidation.minimumPasswordLength) characters, is not one of the most common \
        passwords and does not contain the name; only its bcrypt hash is stored. The first \
        user owns the lists that exist.

        \(ExitStatus.helpText)
        """)

    @Argument(help: "The name to sign in with (letters, digits, '.', '_', '-', '@').")
    var name: String

    @OptionGroup var password: NewPasswordOptions

    @OptionGroup var database: DatabaseOptions

    func run() async throws {
      try await database.run { service in
        let name = try AccountValidation.name(self.name)
        if let existing = try await service.account(named: name) {
          throw CLIError.invalid("name: a user named \(existing.name) exists already")
        }
        let hash = try await password.hash(for: name)
        let account = try await service.createAccount(named: name, passwordHash: hash)
        Console.output("Added user: \(account.name)")
        if try await service.accountCount() == 1 {
          let owned = try await service.ownedLists(ofAccount: account.id)
          Console.output(
            "\(account.name) is the first user and now owns the lists that existed: "
              + "\(counted(owned.lists.count, "list")) with \(counted(owned.todos, "todo")).")
        }
      }
    }
  }

  /// `todo user list`.
  struct List: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Show the users with the lists they own and their tokens.",
      discussion: """
        Lists count the user's own lists, trashed ones included, not those shared with them.

        \(ExitStatus.helpText)
        """)

    @OptionGroup var database: DatabaseOptions

    func run() async throws {
      try await database.run { service in
        let accounts = try await service.accounts()
        guard !accounts.isEmpty else {
          Console.output("No users.")
          return
        }
        var rows: [[String]] = []
        for account in accounts {
          let lists = try await service.ownedLists(ofAccount: account.id).lists.count
          let tokens = try await service.tokens(of: account.id).count
          rows.append([account.name, TextTable.date(account.createdAt), "\(lists)", "\(tokens)"])
        }
        TextTable.print(
          header: ["User", "Created", "Lists", "Tokens"], rows: rows, rightAligned: [2, 3])
      }
    }
  }

  /// `todo user passwd NAME [--password-stdin]`.
  struct Passwd: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Set a user's password.",
      discussion: """
        Asked like todo user add's. Every browser signed in as the user is signed out; \
        their API tokens keep working (todo token revoke ends those).

        \(ExitStatus.helpText)
        """)

    @Argument(help: "The user's name.")
    var name: String

    @OptionGroup var password: NewPasswordOptions

    @OptionGroup var database: DatabaseOptions

    func run() async throws {
      try await database.run(account: name) { service, account in
        let hash = try await password.hash(for: account.name)
        try await service.setPasswordHash(ofAccount: account.id, to: hash)
        Console.output(
          "Changed the password of \(account.name); their browsers were signed out "
            + "(their tokens still work).")
      }
    }
  }

  /// `todo user mail NAME [--email ADDRESS | --no-email] [--digest | --no-digest]`.
  struct Mail: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Set where a user's reminders are mailed, and their morning digest.",
      discussion: """
        The server mails them when it has a relay (todo serve --smtp-url). Without an \
        option, says what is set.

        \(ExitStatus.helpText)
        """)

    @Argument(help: "The user's name.")
    var name: String

    @Option(help: ArgumentHelp("The address reminders go to.", valueName: "address"))
    var email: String?

    @Flag(help: "Mail nothing to this user any more.")
    var noEmail = false

    @Flag(inversion: .prefixedNo, help: "A morning digest of today's and overdue todos.")
    var digest: Bool?

    @OptionGroup var database: DatabaseOptions

    func validate() throws {
      if email != nil, noEmail { throw ValidationError("give --email or --no-email, not both") }
    }

    func run() async throws {
      try await database.run(account: name) { service, account in
        let address: String?? = noEmail ? .some(nil) : email.map { .some($0) }
        let changed =
          address == nil && digest == nil
          ? account
          : try await service.setMail(forUser: account.name, address: address, digest: digest)
        Console.output(
          "\(changed.name): reminders to \(changed.email ?? "nobody (no address)"), "
            + "morning digest \(changed.digest == true ? "on" : "off")")
      }
    }
  }

  /// `todo user remove NAME [--hand-to OTHER] [--yes]`.
  struct Remove: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Remove a user, deleting their lists or handing them to another user.",
      discussion: """
        The user's sessions, tokens and shares go. Their own lists, trashed ones included, \
        are deleted for good with their todos, or with --hand-to given to another user \
        (renamed "NAME (from USER)" where that user has a list of the same name). It says \
        what will happen and asks for confirmation like todo rm (--yes skips it).

        \(ExitStatus.helpText)
        """)

    @Argument(help: "The user's name.")
    var name: String

    @Option(help: ArgumentHelp("Give the user's lists to this user.", valueName: "user"))
    var handTo: String?

    @OptionGroup var confirmation: ConfirmationOptions

    @OptionGroup var database: DatabaseOptions

    func run() async throws {
      try await database.run(account: name) { service, account in
        let heir = try await handTo.asyncMap { try await service.existingAccount(named: $0) }
        if heir?.id == account.id {
          throw CLIError.invalid("--hand-to: a user cannot inherit their own lists")
        }
        let owned = try await service.ownedLists(ofAccount: account.id)
        let what =
          "\(counted(owned.lists.count, "list")) with \(counted(owned.todos, "todo"))"
        if !confirmation.yes {
          for line in plan(account, heir: heir, owned: owned, what: what) {
            Console.error(line)
          }
          if heir == nil, try await service.accountCount() == 1 {
            Console.error(
              "\(account.name) is the last user: afterwards the server has no accounts.")
          }
        }
        try confirmation.confirm(
          "Remove the user \(account.name)?", action: "remove the user \(account.name)")
        let done = try await service.removeAccount(id: account.id, handingListsTo: heir?.id)
        let counts = "\(counted(done.lists, "list")) with \(counted(done.todos, "todo"))"
        if let heir {
          Console.output("Removed user: \(account.name) (handed \(counts) to \(heir.name))")
        } else {
          Console.output("Removed user: \(account.name) (deleted \(counts) for good)")
        }
      }
    }

    /// What removing the account will do, for the confirmation.
    private func plan(
      _ account: Account, heir: Account?, owned: (lists: [TodoList], todos: Int), what: String
    ) -> [String] {
      guard !owned.lists.isEmpty else {
        return ["\(account.name) owns no lists; their tokens and sessions will be removed."]
      }
      let names = owned.lists.prefix(10).map { "\"\($0.name)\"" }.joined(separator: ", ")
      let more = owned.lists.count > 10 ? ", …" : ""
      let fate =
        heir.map { "will be handed to \($0.name)" } ?? "will be deleted for good"
      return [
        "\(account.name) owns \(what) (trash included): \(names)\(more).",
        "They \(fate), and \(account.name)'s tokens and sessions removed.",
      ]
    }
  }
}

extension Optional {
  /// The value transformed by an async function, or `nil`.
  fileprivate func asyncMap<T>(_ transform: (Wrapped) async throws -> T) async rethrows -> T? {
    guard let self else { return nil }
    return try await transform(self)
  }
}
