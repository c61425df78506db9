import Foundation
import Persistence
import Testing

@testable import TodoCore

@Suite("Accounts: creating, changing and removing users")
struct AccountTests {
  @Test("the first account takes every ownerless list, the installation's Inbox included")
  func firstAccount() async throws {
    try await TemporaryStore.with { admin, _ in
      let inboxTodo = try await admin.createTodo(NewTodo(title: "typed before accounts"))
      let work = try await admin.createList(named: "Work")
      let old = try await admin.createList(named: "Old")
      _ = try await admin.trashList(id: old.id)
      #expect(try await admin.accountCount() == 0)
      #expect(try await admin.export().lists.allSatisfy { $0.ownerID == nil })

      let alice = try await admin.createAccount(named: "alice", passwordHash: "hash")
      #expect(alice.inboxID == TodoList.inboxID)
      #expect(try await admin.accountCount() == 1)
      let lists = try await admin.export().lists
      #expect(Set(lists.map(\.id)) == [TodoList.inboxID, work.id, old.id], "no Inbox was added")
      #expect(lists.allSatisfy { $0.ownerID == alice.id })

      let asAlice = admin.acting(as: Principal(alice))
      #expect(try await asAlice.lists().map(\.id) == [TodoList.inboxID, work.id])
      #expect(try await asAlice.todo(id: inboxTodo.id) == inboxTodo)
      #expect(try await asAlice.trash().lists.map(\.id) == [old.id])
    }
  }

  @Test("a later account gets an Inbox of its own and sees nothing of the first")
  func secondAccount() async throws {
    try await TemporaryStore.with { admin, _ in
      let alice = try await admin.createAccount(named: "alice", passwordHash: "hash")
      _ = try await admin.createTodo(NewTodo(title: "Alice's"))
      let bob = try await admin.createAccount(named: "bob", passwordHash: "hash")
      #expect(bob.inboxID != TodoList.inboxID)
      let inbox = try await admin.list(id: bob.inboxID)
      #expect(inbox.name == TodoList.inboxName)
      #expect(inbox.ownerID == bob.id)
      #expect(try await admin.accounts().map(\.name) == ["alice", "bob"])

      let asBob = admin.acting(as: Principal(bob))
      #expect(try await asBob.lists() == [inbox])
      let todo = try await asBob.createTodo(NewTodo(title: "Bob's"))
      #expect(todo.listID == bob.inboxID)
      #expect(try await asBob.search(TodoSearch()).map(\.id) == [todo.id])
      #expect(
        try await admin.acting(as: Principal(alice)).lists().map(\.id) == [TodoList.inboxID])
      #expect(try await admin.account(named: " BOB ") == bob)
      #expect(try await admin.account(id: bob.id) == bob)
    }
  }

  @Test("a name used already, ignoring case, is refused")
  func duplicateNames() async throws {
    try await TemporaryStore.with { admin, _ in
      try await admin.createAccount(named: "Alice", passwordHash: "hash")
      for name in ["alice", "ALICE", "  aLiCe\n"] {
        await #expect {
          try await admin.createAccount(named: name, passwordHash: "other")
        } throws: { ($0 as? TodoError)?.validationField == "name" }
      }
      #expect(try await admin.accountCount() == 1)
      #expect(try await admin.export().lists.count == 1, "no Inbox was made for a refused name")
    }
  }

  @Test(
    "an invalid name is refused",
    arguments: [
      "", "   ", "a b", "al:ice", "tab\there", "ünïcode ok?", String(repeating: "x", count: 65),
    ]
  )
  func invalidNames(_ name: String) async throws {
    #expect {
      try AccountValidation.name(name)
    } throws: { ($0 as? TodoError)?.validationField == "name" }
    try await TemporaryStore.with { admin, _ throws in
      await #expect {
        try await admin.createAccount(named: name, passwordHash: "hash")
      } throws: { ($0 as? TodoError)?.validationField == "name" }
      #expect(try await admin.accountCount() == 0)
    }
  }

  @Test("valid names are trimmed")
  func validNames() throws {
    #expect(try AccountValidation.name("  bob\n") == "bob")
    #expect(try AccountValidation.name("a.b_c-d@example.org") == "a.b_c-d@example.org")
    let longest = String(repeating: "x", count: 64)
    #expect(try AccountValidation.name(longest) == longest)
  }

  @Test("an account cannot add or remove users")
  func onlyAdministrators() async throws {
    try await TemporaryStore.with { admin, _ in
      let alice = try await admin.createAccount(named: "alice", passwordHash: "hash")
      let bob = try await admin.createAccount(named: "bob", passwordHash: "hash")
      let asAlice = admin.acting(as: Principal(alice))
      await #expect {
        try await asAlice.createAccount(named: "mallory", passwordHash: "hash")
      } throws: { if case .forbidden = $0 as? TodoError { true } else { false } }
      await #expect {
        try await asAlice.removeAccount(id: bob.id)
      } throws: { if case .forbidden = $0 as? TodoError { true } else { false } }
      #expect(try await admin.accounts().map(\.id) == [alice.id, bob.id])
      #expect(try await admin.export().lists.count == 2)
    }
  }

  @Test("removing an account deletes its lists, todos, shares, sessions and tokens")
  func remove() async throws {
    try await TemporaryStore.with { admin, _ in
      let (alice, bob, asAlice, asBob) = try await admin.twoPeople("alice", "bob")
      let shared = try await asAlice.createList(named: "Shared")
      let aliceTodo = try await asAlice.createTodo(NewTodo(title: "Alice's", listID: shared.id))
      try await asAlice.share(list: shared.id, with: "bob", as: .editor)
      let garden = try await asBob.createList(named: "Garden")
      _ = try await asBob.createTodo(NewTodo(title: "Dig", listID: garden.id))
      let gone = try await asBob.createTodo(NewTodo(title: "Gone"))
      try await asBob.trashTodo(id: gone.id)
      let attic = try await asBob.createList(named: "Attic")
      _ = try await asBob.createTodo(NewTodo(title: "Box", listID: attic.id))
      _ = try await asBob.trashList(id: attic.id)
      try await asBob.share(list: garden.id, with: "alice", as: .viewer)
      _ = try await asBob.createTodo(NewTodo(title: "Bob's, in Alice's list", listID: shared.id))
      _ = try await admin.startSession(
        id: UUID(), for: bob.id, secretHash: "s", csrfToken: "c")
      let token = try await admin.createToken(
        id: UUID(), for: bob.id, named: "laptop", scope: .readWrite, secretHash: "t")
      let aliceSession = try await admin.startSession(
        id: UUID(), for: alice.id, secretHash: "s", csrfToken: "c")

      let owned = try await admin.ownedLists(ofAccount: bob.id)
      #expect(Set(owned.lists.map(\.id)) == [bob.inboxID, garden.id, attic.id])
      #expect(owned.todos == 3)
      let removed = try await admin.removeAccount(id: bob.id)
      #expect(removed.lists == 3)
      #expect(removed.todos == 3)

      #expect(try await admin.account(id: bob.id) == nil)
      let document = try await admin.export()
      #expect(Set(document.lists.map(\.id)) == [TodoList.inboxID, shared.id])
      #expect(
        Set(document.todos.map(\.title)) == ["Alice's", "Bob's, in Alice's list"],
        "a todo Bob added to Alice's list is Alice's list's")
      let (shares, sessions, tokens) = try await admin.read { tx in
        (
          try tx.fetch(FetchRequest<ListShare>()), try tx.fetch(FetchRequest<AccountSession>()),
          try tx.fetch(FetchRequest<AccessToken>())
        )
      }
      #expect(shares.isEmpty)
      #expect(sessions.map(\.id) == [aliceSession.id])
      #expect(tokens.isEmpty)
      #expect(try await admin.verifyToken(id: token.id, secretHash: "t") == nil)
      #expect(try await asAlice.todo(id: aliceTodo.id) == aliceTodo)
      #expect(try await asAlice.members(ofList: shared.id).map(\.name) == ["alice"])
    }
  }

  @Test("an heir takes the removed account's lists, renamed where the names clash")
  func heir() async throws {
    try await TemporaryStore.with { admin, _ in
      let alice = try await admin.createAccount(named: "alice", passwordHash: "hash")
      let bob = try await admin.createAccount(named: "bob", passwordHash: "hash")
      let carol = try await admin.createAccount(named: "carol", passwordHash: "hash")
      let asAlice = admin.acting(as: Principal(alice))
      let asBob = admin.acting(as: Principal(bob))
      _ = try await asAlice.createList(named: "Groceries")
      let groceries = try await asBob.createList(named: "groceries")
      let garden = try await asBob.createList(named: "Garden")
      let milk = try await asBob.createTodo(NewTodo(title: "Milk", listID: groceries.id))
      let inboxTodo = try await asBob.createTodo(NewTodo(title: "Bob's"))
      try await asBob.share(list: garden.id, with: "carol", as: .editor)

      await #expect {
        try await admin.removeAccount(id: bob.id, handingListsTo: bob.id)
      } throws: { ($0 as? TodoError)?.validationField == "heir" }
      let stranger = UUID()
      await #expect(throws: TodoError.notFound(entity: "user", id: stranger.uuidString)) {
        try await admin.removeAccount(id: bob.id, handingListsTo: stranger)
      }
      #expect(try await admin.account(id: bob.id) == bob, "a refused removal removes nothing")
      #expect(try await asBob.lists().count == 3)

      let handed = try await admin.removeAccount(id: bob.id, handingListsTo: alice.id)
      #expect(handed.lists == 3)
      #expect(handed.todos == 2)
      let lists = try await asAlice.lists()
      #expect(
        lists.map(\.name) == [
          "Inbox", "Inbox (from bob)", "Groceries", "groceries (from bob)", "Garden",
        ])
      #expect(lists.allSatisfy { $0.ownerID == alice.id })
      #expect(try await asAlice.todo(id: milk.id) == milk)
      #expect(try await asAlice.todo(id: inboxTodo.id).listID == bob.inboxID)
      #expect(
        try await admin.acting(as: Principal(carol)).lists().map(\.id) == [carol.inboxID],
        "the removed account's shares go with it")
      // Bob's Inbox is nobody's Inbox any more: its new owner may delete it.
      _ = try await asAlice.trashList(id: bob.inboxID)
    }
  }

  @Test("a new password hash ends the account's sessions, not its tokens or others' sessions")
  func newPassword() async throws {
    try await TemporaryStore.with { admin, _ in
      let alice = try await admin.createAccount(named: "alice", passwordHash: "old")
      let bob = try await admin.createAccount(named: "bob", passwordHash: "bob's")
      let first = try await admin.startSession(
        id: UUID(), for: alice.id, secretHash: "1", csrfToken: "c")
      let second = try await admin.startSession(
        id: UUID(), for: alice.id, secretHash: "2", csrfToken: "c")
      let bobs = try await admin.startSession(
        id: UUID(), for: bob.id, secretHash: "3", csrfToken: "c")
      let token = try await admin.createToken(
        id: UUID(), for: alice.id, named: "cli", scope: .read, secretHash: "t")

      // Another account cannot change it (and learns nothing).
      await #expect(throws: TodoError.notFound(entity: "user", id: alice.id.uuidString)) {
        try await admin.acting(as: Principal(bob)).setPasswordHash(ofAccount: alice.id, to: "x")
      }
      #expect(try await admin.session(id: first.id, secretHash: "1") != nil)

      let changed = try await admin.acting(as: Principal(alice))
        .setPasswordHash(ofAccount: alice.id, to: "new")
      #expect(changed.passwordHash == "new")
      #expect(try await admin.account(id: alice.id)?.passwordHash == "new")
      #expect(try await admin.session(id: first.id, secretHash: "1") == nil)
      #expect(try await admin.session(id: second.id, secretHash: "2") == nil)
      #expect(try await admin.session(id: bobs.id, secretHash: "3")?.account == bob)
      #expect(try await admin.verifyToken(id: token.id, secretHash: "t")?.account.id == alice.id)
      let unknown = UUID()
      await #expect(throws: TodoError.notFound(entity: "user", id: unknown.uuidString)) {
        try await admin.setPasswordHash(ofAccount: unknown, to: "x")
      }
    }
  }
}

@Suite("Accounts: password rules")
struct PasswordRuleTests {
  @Test("a password shorter than 10 characters is refused")
  func tooShort() throws {
    #expect(AccountValidation.minimumPasswordLength == 10)
    #expect {
      try AccountValidation.newPassword("Vq7#zLw2e", name: "alice")
    } throws: { ($0 as? TodoError)?.validationField == "password" }
    try AccountValidation.newPassword("Vq7#zLw2eR", name: "alice")
  }

  @Test("a password longer than 1,000 characters is refused")
  func tooLong() throws {
    #expect {
      try AccountValidation.newPassword(String(repeating: "Vq7#zLw2eR", count: 101), name: "al")
    } throws: { ($0 as? TodoError)?.validationField == "password" }
  }

  @Test(
    "a common password is refused whatever its case",
    arguments: [
      "password123", "qwertyuiop", "QWERTYUIOP", "QwErTyUiOp", "PassWord123", "1234567890",
    ]
  )
  func common(_ password: String) throws {
    #expect {
      try AccountValidation.newPassword(password, name: "alice")
    } throws: { ($0 as? TodoError)?.validationField == "password" }
  }

  @Test(
    "a password containing the user name is refused",
    arguments: ["alice-rocks-2026", "MyALICEpassword", "xxAlicexx99"])
  func containsName(_ password: String) throws {
    #expect {
      try AccountValidation.newPassword(password, name: "Alice")
    } throws: { ($0 as? TodoError)?.validationField == "password" }
    // The same password is fine for somebody else.
    try AccountValidation.newPassword(password, name: "bob")
  }

  @Test("a long unusual password is accepted")
  func accepted() throws {
    try AccountValidation.newPassword("correct horse battery staple", name: "alice")
    try AccountValidation.newPassword("Tr0mbone-Glacier-Umbrella", name: "alice")
  }
}
