import Foundation
import Persistence

/// Someone the server mails: their address, and the zone their days are read in.
public struct MailRecipient: Sendable, Hashable {
  /// The account, or `nil` for the one person of a server without accounts.
  public var accountID: UUID?
  /// The address.
  public var address: String
  /// Their time zone.
  public var timeZone: TimeZone

  /// Creates a recipient.
  public init(accountID: UUID?, address: String, timeZone: TimeZone) {
    self.accountID = accountID
    self.address = address
    self.timeZone = timeZone
  }
}

/// What a morning digest lists.
public struct DigestContents: Sendable, Hashable {
  /// The open todos due (or starting) today, by deadline.
  public var today: [Todo]
  /// The open todos past their deadline.
  public var overdue: [Todo]
}

extension TodoService {
  /// Sets where a user's reminders are mailed and whether they get the morning digest (on the
  /// server's database, as `todo user mail` does).
  ///
  /// - Parameters:
  ///   - name: The user.
  ///   - address: The address (`.some(nil)` removes it), or `nil` to leave it.
  ///   - digest: Whether they get the digest, or `nil` to leave it.
  /// - Throws: `TodoError.notFound` for an unknown user, `TodoError.validation` on `email`
  ///   for an address that is not `name@domain`.
  @discardableResult
  public func setMail(forUser name: String, address: String??, digest: Bool?) async throws
    -> Account
  {
    let checked = try address.map { try $0.map(Self.mailAddress) }
    return try await write { tx in
      guard
        var account = try tx.fetch(
          FetchRequest(filter: Account.nameKeyAttribute == name.lowercased())
        ).first
      else { throw TodoError.notFound(entity: "user", id: name) }
      if let checked { account.email = checked }
      if let digest { account.digest = digest ? true : nil }
      return try tx.update(account)
    }
  }

  /// Checks an e-mail address: one `@` between a local part and a domain with a dot, no
  /// spaces or control characters, at most 254 characters.
  public static func mailAddress(_ text: String) throws -> String {
    let address = text.trimmingCharacters(in: .whitespaces)
    let parts = address.split(separator: "@", omittingEmptySubsequences: false)
    guard address.count <= 254, parts.count == 2, !parts[0].isEmpty, parts[1].contains("."),
      !parts[1].hasPrefix("."), !parts[1].hasSuffix("."),
      !address.unicodeScalars.contains(where: {
        $0.properties.isWhitespace || $0.value < 0x20 || $0.value == 0x7F
          || "<>\",;".unicodeScalars.contains($0)
      })
    else {
      throw TodoError.validation(
        field: "email",
        message: "\"\(text.prefix(100))\" is not an e-mail address (name@example.org)")
    }
    return address
  }

  /// Where an account's reminders are mailed, if it gave an address.
  public func mailRecipient(of accountID: UUID) async throws -> MailRecipient? {
    try await read { tx in
      guard let account = try tx.object(Account.self, id: accountID), let email = account.email
      else { return nil }
      return MailRecipient(
        accountID: account.id, address: email,
        timeZone: account.timeZone.flatMap(TimeZone.init(identifier:)) ?? .current)
    }
  }

  /// The accounts that asked for the morning digest and gave an address.
  public func digestRecipients() async throws -> [MailRecipient] {
    try await read { tx in
      try tx.fetch(FetchRequest(filter: Account.digestAttribute == true)).compactMap { account in
        guard let email = account.email else { return nil }
        return MailRecipient(
          accountID: account.id, address: email,
          timeZone: account.timeZone.flatMap(TimeZone.init(identifier:)) ?? .current)
      }
    }
  }

  /// Claims the digest of `day` for a person: `true` once per person and day, whichever server
  /// asks first (the write holds the store's write lock).
  public func claimDigest(for accountID: UUID?, day: String) async throws -> Bool {
    try await write { tx in
      let id = accountID ?? DigestRecord.singleUser
      if var record = try tx.object(DigestRecord.self, id: id) {
        guard record.day < day else { return false }
        record.day = day
        try tx.update(record)
      } else {
        try tx.insert(DigestRecord(id: id, day: day))
      }
      return true
    }
  }

  /// What the principal's morning digest lists at `now` in `zone`: the open todos due or
  /// starting today, and those overdue, of every list they can read.
  public func digestContents(at now: Date, in zone: TimeZone) async throws -> DigestContents {
    try await read { tx in
      let lists = Set(try self.visibleLists(in: tx).map(\.id))
      let open = try tx.fetch(
        FetchRequest<Todo>(
          filter: Todo.deletedAtAttribute.isNil && Todo.statusAttribute != .done
            && (Todo.deadlineAttribute.isNotNil || Todo.startAttribute.isNotNil),
          sortedBy: [Todo.deadlineAttribute.ascending, Todo.titleAttribute.ascending]))
      var calendar = Calendar(identifier: .gregorian)
      calendar.timeZone = zone
      let day = AgendaDay(now: now, calendar: calendar)
      let mine = open.filter { lists.contains($0.listID) }
      return DigestContents(
        today: mine.filter { day.shows($0, in: .today) },
        overdue: mine.filter { day.shows($0, in: .overdue) && !day.shows($0, in: .today) })
    }
  }
}

extension TodoService {
  /// The principal's own mail settings: their address, and whether they get the digest.
  ///
  /// - Throws: `TodoError.notFound` without a principal (a server without accounts says its
  ///   one person's settings on the command line).
  public func ownMailSettings() async throws -> (email: String?, digest: Bool) {
    try await read { tx in
      guard let principal = self.principal,
        let account = try tx.object(Account.self, id: principal.accountID)
      else { throw TodoError.notFound(entity: "account", id: "") }
      return (account.email, account.digest == true)
    }
  }

  /// Sets the principal's own mail settings (``setMail(forUser:address:digest:)``); an empty
  /// address removes it.
  public func setOwnMail(address: String?, digest: Bool?) async throws -> (
    email: String?, digest: Bool
  ) {
    let name = try await read { _ in self.principal?.name }
    guard let name else { throw TodoError.notFound(entity: "account", id: "") }
    var change: String?? = nil
    if let address {
      change = .some(address.trimmingCharacters(in: .whitespaces).isEmpty ? nil : address)
    }
    let account = try await setMail(forUser: name, address: change, digest: digest)
    return (account.email, account.digest == true)
  }
}
