import Foundation
import Persistence
import Testing

@testable import TodoCore

@Suite("Accounts: sharing a list")
struct SharingTests {
  @Test("members(ofList:): the owner first, then the members by name", arguments: Role.allCases)
  func members(_ role: Role) async throws {
    try await AccessWorld.with { world in
      try await world.attempt(role, Outcome.read("list")) { service throws in
        #expect(
          try await service.members(ofList: world.groceries.id) == [
            ListMember(accountID: world.alice.id, name: "alice", role: "owner"),
            ListMember(accountID: world.bob.id, name: "bob", role: "editor"),
            ListMember(accountID: world.carol.id, name: "carol", role: "viewer"),
          ])
      }
      let ownerOnly: [Role: Outcome] = [
        .owner: .allowed, .readOnly: .allowed, .editor: .notFound("list"),
        .viewer: .notFound("list"), .stranger: .notFound("list"),
      ]
      try await world.attempt(role, ownerOnly) { service throws in
        #expect(
          try await service.members(ofList: world.diary.id) == [
            ListMember(accountID: world.alice.id, name: "alice", role: "owner")
          ])
      }
    }
  }

  @Test("share: only the owner shares a list", arguments: Role.allCases)
  func share(_ role: Role) async throws {
    try await AccessWorld.with { world in
      try await world.attempt(role, Outcome.own("list")) { service in
        let member = try await service.share(list: world.groceries.id, with: "Dave", as: .viewer)
        #expect(member == ListMember(accountID: world.dave.id, name: "dave", role: "viewer"))
        #expect(try await world.service(.stranger).lists().contains { $0.id == world.groceries.id })
        #expect(try await world.service(.stranger).todo(id: world.milk.id) == world.milk)
      }
    }
  }

  @Test("share: an unknown user, the owner, and a change of role")
  func shareRules() async throws {
    try await AccessWorld.with { world in
      let alice = world.service(.owner)
      let before = try await world.contents()
      await #expect(throws: TodoError.notFound(entity: "user", id: "nobody")) {
        try await alice.share(list: world.groceries.id, with: "nobody", as: .viewer)
      }
      await #expect {
        try await alice.share(list: world.groceries.id, with: " ALICE ", as: .editor)
      } throws: { ($0 as? TodoError)?.validationField == "user" }
      #expect(try await world.contents() == before)

      // Bob becomes a viewer: his next write is refused.
      try await alice.share(list: world.groceries.id, with: "bob", as: .viewer)
      #expect(
        try await alice.members(ofList: world.groceries.id).map(\.role)
          == ["owner", "viewer", "viewer"])
      #expect(try await world.contents().shares.count == before.shares.count)
      try await world.attempt(.editor, [.editor: .forbidden]) { service in
        _ = try await service.createTodo(NewTodo(title: "Beer", listID: world.groceries.id))
      }
    }
  }

  @Test(
    "unshare: the owner revokes anyone; a member cannot revoke another", arguments: Role.allCases)
  func revoke(_ role: Role) async throws {
    try await AccessWorld.with { world in
      // Each role tries to remove somebody else: Carol tries Bob, everybody else Carol.
      let target = role == .viewer ? world.bob : world.carol
      try await world.attempt(role, Outcome.own("list")) { service in
        try await service.unshare(list: world.groceries.id, from: target.id)
        let gone = world.admin.acting(as: Principal(target))
        #expect(try await !gone.lists().contains { $0.id == world.groceries.id })
        await #expect(throws: TodoError.notFound(entity: "todo", id: world.milk.id.uuidString)) {
          try await gone.todo(id: world.milk.id)
        }
        await #expect(
          throws: TodoError.notFound(entity: "list", id: world.groceries.id.uuidString)
        ) {
          try await gone.todos(inList: world.groceries.id)
        }
      }
    }
  }

  @Test("unshare: a member leaves a list", arguments: Role.allCases)
  func leave(_ role: Role) async throws {
    try await AccessWorld.with { world in
      let expected: [Role: Outcome] = [
        .owner: .notFound("share"), .editor: .allowed, .viewer: .allowed,
        .stranger: .notFound("list"), .readOnly: .forbidden,
      ]
      try await world.attempt(role, expected) { service in
        try await service.unshare(list: world.groceries.id, from: world.account(role).id)
        #expect(try await !service.lists().contains { $0.id == world.groceries.id })
        #expect(
          try await world.admin.members(ofList: world.groceries.id).count == 2,
          "the other member stays")
      }
    }
  }

  @Test("emptying the trash deletes the shares of the lists it deletes")
  func emptyTrashDeletesShares() async throws {
    try await AccessWorld.with { world in
      let old = world.old.id
      try await world.service(.owner).emptyTrash()
      #expect(try await world.stored(world.old) == nil)
      let left = try await world.admin.read { tx in
        try tx.fetch(FetchRequest(filter: ListShare.listIDAttribute == old))
      }
      #expect(left.isEmpty)
      // A list imported later under the same identifier (Bob knew it: Old was shared with
      // him) is not shared with Carol, whom Bob never asked.
      let reborn = TodoList(
        id: old, name: "Bob's", order: world.groceries.order, createdAt: SettableClock.start,
        updatedAt: SettableClock.start)
      try await world.service(.editor).importDocument(
        ExportDocument(exportedAt: SettableClock.start, lists: [reborn], todos: []))
      let carolSees = try await world.service(.viewer).lists().map(\.id)
      #expect(!carolSees.contains(old))
    }
  }
}
