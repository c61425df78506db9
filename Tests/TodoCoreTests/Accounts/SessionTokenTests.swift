import Foundation
import Persistence
import Testing

@testable import TodoCore

@Suite("Accounts: browser sessions")
struct SessionTests {
  /// A short policy for the expiry tests: ten minutes idle, an hour in all.
  static let policy = SessionPolicy(idle: .seconds(600), absolute: .seconds(3_600))

  /// The session as stored, or `nil` once it was deleted.
  static func stored(_ id: UUID, in service: TodoService) async throws -> AccountSession? {
    try await service.read { tx in try tx.object(AccountSession.self, id: id) }
  }

  @Test("a started session is found with its secret's hash, and only with it")
  func start() async throws {
    try await SettableClock.with { service, _ in
      let alice = try await service.createAccount(named: "alice", passwordHash: "hash")
      let id = UUID()
      let started = try await service.startSession(
        id: id, for: alice.id, secretHash: "secret-hash", csrfToken: "csrf")
      #expect(started.createdAt == SettableClock.start)
      #expect(started.lastSeenAt == SettableClock.start)

      let found = try #require(try await service.session(id: id, secretHash: "secret-hash"))
      #expect(found.session == started)
      #expect(found.session.csrfToken == "csrf")
      #expect(found.account == alice)

      #expect(try await service.session(id: id, secretHash: "secret-hasH") == nil)
      #expect(try await service.session(id: id, secretHash: "secret-has") == nil)
      #expect(try await service.session(id: id, secretHash: "") == nil)
      #expect(try await service.session(id: UUID(), secretHash: "secret-hash") == nil)
      #expect(
        try await Self.stored(id, in: service) == started, "a forged secret ends nothing")
      #expect(try await service.session(id: id, secretHash: "secret-hash") != nil)

      try await service.endSession(id: id)
      #expect(try await service.session(id: id, secretHash: "secret-hash") == nil)
      try await service.endSession(id: id)  // ending it again changes nothing
    }
  }

  @Test("a new sign-in ends the session it replaces, and only that one")
  func replacing() async throws {
    try await SettableClock.with { service, _ in
      let alice = try await service.createAccount(named: "alice", passwordHash: "hash")
      let old = try await service.startSession(
        id: UUID(), for: alice.id, secretHash: "old", csrfToken: "c1")
      let other = try await service.startSession(
        id: UUID(), for: alice.id, secretHash: "other", csrfToken: "c2")
      let new = try await service.startSession(
        id: UUID(), for: alice.id, secretHash: "new", csrfToken: "c3", replacing: old.id)
      #expect(try await service.session(id: old.id, secretHash: "old") == nil)
      #expect(try await Self.stored(old.id, in: service) == nil)
      #expect(try await service.session(id: new.id, secretHash: "new")?.session == new)
      #expect(try await service.session(id: other.id, secretHash: "other") != nil)
    }
  }

  @Test("a session unused for longer than the idle time ends and is deleted")
  func idleExpiry() async throws {
    try await SettableClock.with { service, clock in
      let alice = try await service.createAccount(named: "alice", passwordHash: "hash")
      let id = UUID()
      _ = try await service.startSession(
        id: id, for: alice.id, secretHash: "s", csrfToken: "c", policy: Self.policy)
      // Used every 599 s, it lives past the idle time.
      for _ in 0..<3 {
        clock.advance(599)
        let found = try await service.session(id: id, secretHash: "s", policy: Self.policy)
        #expect(found?.session.lastSeenAt == clock.now())
      }
      clock.advance(601)
      #expect(try await Self.stored(id, in: service) != nil)
      #expect(try await service.session(id: id, secretHash: "s", policy: Self.policy) == nil)
      #expect(try await Self.stored(id, in: service) == nil)
      clock.advance(-601)
      #expect(
        try await service.session(id: id, secretHash: "s", policy: Self.policy) == nil,
        "a deleted session does not come back")
    }
  }

  @Test("a session ends after the absolute time even while in use")
  func absoluteExpiry() async throws {
    try await SettableClock.with { service, clock in
      let alice = try await service.createAccount(named: "alice", passwordHash: "hash")
      let id = UUID()
      _ = try await service.startSession(
        id: id, for: alice.id, secretHash: "s", csrfToken: "c", policy: Self.policy)
      for _ in 0..<7 {
        clock.advance(500)
        #expect(try await service.session(id: id, secretHash: "s", policy: Self.policy) != nil)
      }
      clock.advance(101)  // 3,601 s after sign-in, 101 s after the last use
      #expect(try await service.session(id: id, secretHash: "s", policy: Self.policy) == nil)
      #expect(try await Self.stored(id, in: service) == nil)
    }
  }

  @Test("the default policy: two weeks idle, thirty days in all")
  func defaultPolicy() async throws {
    #expect(SessionPolicy().idle == .seconds(14 * 86_400))
    #expect(SessionPolicy().absolute == .seconds(30 * 86_400))
    try await SettableClock.with { service, clock in
      let alice = try await service.createAccount(named: "alice", passwordHash: "hash")
      let id = UUID()
      _ = try await service.startSession(id: id, for: alice.id, secretHash: "s", csrfToken: "c")
      clock.advance(14 * 86_400)
      #expect(try await service.session(id: id, secretHash: "s") != nil)
      clock.advance(14 * 86_400 + 1)
      #expect(try await service.session(id: id, secretHash: "s") == nil)
    }
  }

  @Test("a new session deletes the account's expired ones")
  func startRemovesExpired() async throws {
    try await SettableClock.with { service, clock in
      let alice = try await service.createAccount(named: "alice", passwordHash: "hash")
      let bob = try await service.createAccount(named: "bob", passwordHash: "hash")
      let stale = try await service.startSession(
        id: UUID(), for: alice.id, secretHash: "s", csrfToken: "c", policy: Self.policy)
      let bobs = try await service.startSession(
        id: UUID(), for: bob.id, secretHash: "s", csrfToken: "c", policy: Self.policy)
      clock.advance(601)
      _ = try await service.startSession(
        id: UUID(), for: alice.id, secretHash: "t", csrfToken: "c", policy: Self.policy)
      #expect(try await Self.stored(stale.id, in: service) == nil)
      #expect(try await Self.stored(bobs.id, in: service) != nil, "another account's stay")
    }
  }

  @Test("the last use is recorded only once a minute has passed")
  func lastSeen() async throws {
    try await SettableClock.with { service, clock in
      let alice = try await service.createAccount(named: "alice", passwordHash: "hash")
      let id = UUID()
      _ = try await service.startSession(id: id, for: alice.id, secretHash: "s", csrfToken: "c")
      clock.advance(30)
      #expect(
        try await service.session(id: id, secretHash: "s")?.session.lastSeenAt
          == SettableClock.start)
      clock.advance(29)
      #expect(
        try await service.session(id: id, secretHash: "s")?.session.lastSeenAt
          == SettableClock.start)
      #expect(try await Self.stored(id, in: service)?.lastSeenAt == SettableClock.start)
      clock.advance(1)
      let touched = clock.now()
      #expect(try await service.session(id: id, secretHash: "s")?.session.lastSeenAt == touched)
      #expect(try await Self.stored(id, in: service)?.lastSeenAt == touched)
      clock.advance(59)
      #expect(try await service.session(id: id, secretHash: "s")?.session.lastSeenAt == touched)
    }
  }

  @Test("a session whose account is gone finds nothing")
  func removedAccount() async throws {
    try await SettableClock.with { service, _ in
      _ = try await service.createAccount(named: "alice", passwordHash: "hash")
      let bob = try await service.createAccount(named: "bob", passwordHash: "hash")
      let id = UUID()
      _ = try await service.startSession(id: id, for: bob.id, secretHash: "s", csrfToken: "c")
      try await service.removeAccount(id: bob.id)
      #expect(try await service.session(id: id, secretHash: "s") == nil)
    }
  }
}

@Suite("Accounts: API tokens")
struct TokenTests {
  @Test("a created token verifies with its secret's hash, and only with it")
  func verify() async throws {
    try await SettableClock.with { service, _ in
      let alice = try await service.createAccount(named: "alice", passwordHash: "hash")
      let id = UUID()
      let token = try await service.createToken(
        id: id, for: alice.id, named: "  laptop ", scope: .read, secretHash: "token-hash")
      #expect(token.name == "laptop")
      #expect(token.scope == .read)
      #expect(token.lastUsedAt == nil)
      #expect(token.createdAt == SettableClock.start)

      let verified = try #require(try await service.verifyToken(id: id, secretHash: "token-hash"))
      #expect(verified.token.id == id)
      #expect(verified.token.scope == .read)
      #expect(verified.account == alice)
      #expect(try await service.verifyToken(id: id, secretHash: "token-hasH") == nil)
      #expect(try await service.verifyToken(id: id, secretHash: "token-has") == nil)
      #expect(try await service.verifyToken(id: UUID(), secretHash: "token-hash") == nil)
      #expect(try await service.tokens(of: alice.id).map(\.id) == [id])
    }
  }

  @Test("a token's last use is recorded, at most once a minute")
  func lastUsed() async throws {
    try await SettableClock.with { service, clock in
      let alice = try await service.createAccount(named: "alice", passwordHash: "hash")
      let token = try await service.createToken(
        id: UUID(), for: alice.id, named: "cli", scope: .readWrite, secretHash: "h")
      func stored() async throws -> Date? {
        try await service.tokens(of: alice.id).first?.lastUsedAt
      }
      clock.advance(10)
      let firstUse = clock.now()
      _ = try await service.verifyToken(id: token.id, secretHash: "h")
      #expect(try await stored() == firstUse)
      _ = try await service.verifyToken(id: token.id, secretHash: "wrong")
      clock.advance(59)
      _ = try await service.verifyToken(id: token.id, secretHash: "h")
      #expect(try await stored() == firstUse)
      clock.advance(1)
      _ = try await service.verifyToken(id: token.id, secretHash: "h")
      #expect(try await stored() == clock.now())
    }
  }

  @Test("a revoked token verifies no more; only its own account revokes it")
  func revoke() async throws {
    try await SettableClock.with { service, _ in
      let alice = try await service.createAccount(named: "alice", passwordHash: "hash")
      let bob = try await service.createAccount(named: "bob", passwordHash: "hash")
      let token = try await service.createToken(
        id: UUID(), for: alice.id, named: "cli", scope: .readWrite, secretHash: "h")
      let asBob = service.acting(as: Principal(bob))
      await #expect(throws: TodoError.notFound(entity: "user", id: alice.id.uuidString)) {
        try await asBob.revokeToken(id: token.id, of: alice.id)
      }
      await #expect(throws: TodoError.notFound(entity: "token", id: token.id.uuidString)) {
        try await asBob.revokeToken(id: token.id, of: bob.id)
      }
      await #expect(throws: TodoError.notFound(entity: "token", id: token.id.uuidString)) {
        try await service.revokeToken(id: token.id, of: bob.id)
      }
      await #expect(throws: TodoError.notFound(entity: "user", id: alice.id.uuidString)) {
        try await asBob.tokens(of: alice.id)
      }
      #expect(try await service.verifyToken(id: token.id, secretHash: "h") != nil)

      try await service.acting(as: Principal(alice)).revokeToken(id: token.id, of: alice.id)
      #expect(try await service.verifyToken(id: token.id, secretHash: "h") == nil)
      #expect(try await service.tokens(of: alice.id).isEmpty)
      await #expect(throws: TodoError.notFound(entity: "token", id: token.id.uuidString)) {
        try await service.revokeToken(id: token.id, of: alice.id)
      }
    }
  }

  @Test("token names are unique per account, ignoring case")
  func names() async throws {
    try await SettableClock.with { service, _ in
      let alice = try await service.createAccount(named: "alice", passwordHash: "hash")
      let bob = try await service.createAccount(named: "bob", passwordHash: "hash")
      _ = try await service.createToken(
        id: UUID(), for: alice.id, named: "Laptop", scope: .read, secretHash: "1")
      for name in ["Laptop", "laptop", " LAPTOP "] {
        await #expect {
          try await service.createToken(
            id: UUID(), for: alice.id, named: name, scope: .readWrite, secretHash: "2")
        } throws: { ($0 as? TodoError)?.validationField == "name" }
      }
      for name in ["", "   ", String(repeating: "x", count: 101)] {
        await #expect {
          try await service.createToken(
            id: UUID(), for: alice.id, named: name, scope: .read, secretHash: "2")
        } throws: { ($0 as? TodoError)?.validationField == "name" }
      }
      #expect(try await service.tokens(of: alice.id).count == 1)
      // Another account may use the name; an account makes tokens only for itself.
      _ = try await service.acting(as: Principal(bob)).createToken(
        id: UUID(), for: bob.id, named: "laptop", scope: .read, secretHash: "3")
      await #expect(throws: TodoError.notFound(entity: "user", id: alice.id.uuidString)) {
        try await service.acting(as: Principal(bob)).createToken(
          id: UUID(), for: alice.id, named: "phone", scope: .read, secretHash: "4")
      }
      let nobody = UUID()
      await #expect(throws: TodoError.notFound(entity: "user", id: nobody.uuidString)) {
        try await service.createToken(
          id: UUID(), for: nobody, named: "phone", scope: .read, secretHash: "4")
      }
      #expect(try await service.tokens(of: alice.id).count == 1)
    }
  }

  @Test("a read-only token's principal reads but cannot write, not even a new token")
  func readOnly() async throws {
    try await SettableClock.with { service, _ in
      let alice = try await service.createAccount(named: "alice", passwordHash: "hash")
      let reader = service.acting(as: Principal(alice, mayWrite: false))
      #expect(try await reader.lists().map(\.id) == [TodoList.inboxID])
      await #expect {
        try await reader.createToken(
          id: UUID(), for: alice.id, named: "more", scope: .readWrite, secretHash: "x")
      } throws: { if case .forbidden = $0 as? TodoError { true } else { false } }
      #expect(try await service.tokens(of: alice.id).isEmpty)
    }
  }
}

@Suite("Accounts: constant-time comparison")
struct ConstantTimeTests {
  @Test("equal strings are equal; any difference, or another length, is not")
  func equal() {
    #expect(ConstantTime.equal("", ""))
    #expect(ConstantTime.equal("abc", "abc"))
    #expect(ConstantTime.equal("grüße", "grüße"))
    #expect(!ConstantTime.equal("abc", "abd"))
    #expect(!ConstantTime.equal("abc", "Abc"))
    #expect(!ConstantTime.equal("abc", "ab"))
    #expect(!ConstantTime.equal("ab", "abc"))
    #expect(!ConstantTime.equal("", "a"))
    #expect(!ConstantTime.equal("é", "e\u{301}"), "bytes are compared, not characters")
    let hash = String(repeating: "0123456789abcdef", count: 4)
    #expect(ConstantTime.equal(hash, String(hash)))
    #expect(!ConstantTime.equal(hash, String(hash.dropLast()) + "0"))
  }
}
