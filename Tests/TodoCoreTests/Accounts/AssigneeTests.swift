import Foundation
import Testing

@testable import TodoCore

/// Assignees on shared lists: a todo is assigned to a member of its list by someone who may
/// edit it; "assigned: me" finds a person's; leaving a list (a share revoked, a move, an
/// account removed) unassigns.
@Suite("Accounts: assignees")
struct AssigneeTests {
  static let refusal = TodoError.validation(
    field: "assigneeID",
    message: "a todo is assigned to its list's owner or someone the list is shared with")

  @Test("members are assigned by those who edit; anyone else is refused alike")
  func assigning() async throws {
    try await AccessWorld.with { world in
      let alice = world.service(.owner)
      let bob = world.service(.editor)
      let milk = try await alice.updateTodo(
        id: world.milk.id, TodoPatch(assigneeID: .some(world.bob.id)))
      #expect(milk.assigneeID == world.bob.id)
      // The editor assigns to the viewer; a viewer assigns nothing.
      let bread = try await bob.createTodo(
        NewTodo(title: "Bread", listID: world.groceries.id, assigneeID: world.carol.id))
      #expect(bread.assigneeID == world.carol.id)
      await #expect(throws: TodoError.self) {
        _ = try await world.service(.viewer).updateTodo(
          id: bread.id, TodoPatch(assigneeID: .some(world.carol.id)))
      }
      // A stranger and an account that does not exist get the same answer.
      for outsider in [world.dave.id, UUID()] {
        await #expect(throws: Self.refusal) {
          _ = try await alice.updateTodo(id: milk.id, TodoPatch(assigneeID: .some(outsider)))
        }
        await #expect(throws: Self.refusal) {
          _ = try await bob.createTodo(
            NewTodo(title: "Other", listID: world.groceries.id, assigneeID: outsider))
        }
      }
      // A list nobody shares: only its owner.
      await #expect(throws: Self.refusal) {
        _ = try await alice.updateTodo(
          id: world.secret.id, TodoPatch(assigneeID: .some(world.bob.id)))
      }
      let secret = try await alice.updateTodo(
        id: world.secret.id, TodoPatch(assigneeID: .some(world.alice.id)))
      #expect(secret.assigneeID == world.alice.id)

      // "assigned: me" is each person's own, and never another's todos.
      #expect(try await bob.todos(filter: "assigned: me").map(\.title) == ["Milk"])
      #expect(
        try await world.service(.viewer).todos(filter: "assigned: me").map(\.title) == ["Bread"])
      #expect(try await world.service(.stranger).todos(filter: "assigned: me").isEmpty)
      #expect(try await alice.todos(filter: "assigned: me").map(\.title) == ["Secret"])
      #expect(try await alice.todos(filter: "no assignee").map(\.title) == [])
      #expect(try await world.admin.todos(filter: "assigned: me").isEmpty)
    }
  }

  @Test("leaving a list unassigns: a share revoked says how many, a move, an account removed")
  func leaving() async throws {
    try await AccessWorld.with { world in
      let alice = world.service(.owner)
      let milk = try await alice.updateTodo(
        id: world.milk.id, TodoPatch(assigneeID: .some(world.carol.id)))
      let bread = try await alice.createTodo(
        NewTodo(title: "Bread", listID: world.groceries.id, assigneeID: world.carol.id))
      _ = try await alice.trashTodo(id: bread.id)
      let eggs = try await alice.createTodo(
        NewTodo(title: "Eggs", listID: world.groceries.id, assigneeID: world.bob.id))

      // Carol's share revoked: her two todos (one in the trash) are nobody's.
      #expect(try await alice.unshare(list: world.groceries.id, from: world.carol.id) == 2)
      #expect(try await alice.todo(id: milk.id).assigneeID == nil)
      let trashed = try await world.admin.export().todos.first { $0.id == bread.id }
      #expect(trashed?.assigneeID == nil)

      // Moved to a list Bob is not a member of, the eggs are nobody's.
      let moved = try await alice.updateTodo(id: eggs.id, TodoPatch(listID: world.diary.id))
      #expect(moved.assigneeID == nil)

      // Bob's account removed: what was assigned to him is nobody's, and stays.
      let cheese = try await alice.createTodo(
        NewTodo(title: "Cheese", listID: world.groceries.id, assigneeID: world.bob.id))
      _ = try await world.admin.removeAccount(id: world.bob.id)
      #expect(try await alice.todo(id: cheese.id).assigneeID == nil)
    }
  }

  @Test("an import drops an assignee who is not a member of the list here")
  func importing() async throws {
    try await AccessWorld.with { world in
      let alice = world.service(.owner)
      var document = try await alice.export()
      let index = try #require(document.todos.firstIndex { $0.id == world.milk.id })
      document.todos[index].assigneeID = UUID()
      let second = try #require(document.todos.firstIndex { $0.id == world.secret.id })
      document.todos[second].assigneeID = world.alice.id
      try await alice.importDocument(document)
      #expect(try await alice.todo(id: world.milk.id).assigneeID == nil)
      #expect(try await alice.todo(id: world.secret.id).assigneeID == world.alice.id)
    }
  }
}
