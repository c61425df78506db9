import Foundation
import Testing

@testable import TodoCore

/// Every operation on todos, for the owner of a shared list, its editor, its viewer, a
/// stranger and the owner's read-only token: a stranger gets `notFound` (as if the object did
/// not exist), a viewer's or read-only token's write `forbidden`, and a refused call changes
/// nothing.
@Suite("Accounts: reading and changing todos for each principal")
struct AccessTests {
  // MARK: - Reads

  @Test(
    "lists() holds the principal's own lists and those shared with it", arguments: Role.allCases)
  func lists(_ role: Role) async throws {
    try await AccessWorld.with { world throws in
      let expected: [UUID] =
        switch role {
        case .owner, .readOnly: [TodoList.inboxID, world.groceries.id, world.diary.id]
        case .editor: [world.bob.inboxID, world.groceries.id]
        case .viewer: [world.carol.inboxID, world.groceries.id]
        case .stranger: [world.dave.inboxID]
        }
      #expect(try await world.service(role).lists().map(\.id) == expected)
    }
  }

  @Test(
    "list(id:) of a shared list: members read it, a stranger finds none", arguments: Role.allCases)
  func sharedList(_ role: Role) async throws {
    try await AccessWorld.with { world in
      try await world.attempt(role, Outcome.read("list")) { service throws in
        #expect(try await service.list(id: world.groceries.id) == world.groceries)
      }
      try await world.attempt(role, Outcome.read("list")) { service throws in
        #expect(try await service.list(named: "groceries").id == world.groceries.id)
      }
    }
  }

  @Test("list(id:) of a list shared with nobody: only its owner", arguments: Role.allCases)
  func privateList(_ role: Role) async throws {
    try await AccessWorld.with { world in
      let expected: [Role: Outcome] = [
        .owner: .allowed, .readOnly: .allowed, .editor: .notFound("list"),
        .viewer: .notFound("list"), .stranger: .notFound("list"),
      ]
      try await world.attempt(role, expected) { service throws in
        #expect(try await service.list(id: world.diary.id) == world.diary)
      }
      try await world.attempt(role, expected) { service throws in
        #expect(try await service.todos(inList: world.diary.id).map(\.id) == [world.secret.id])
      }
      let todoExpected = expected.mapValues { $0 == .allowed ? $0 : .notFound("todo") }
      try await world.attempt(role, todoExpected) { service throws in
        #expect(try await service.todo(id: world.secret.id) == world.secret)
      }
    }
  }

  @Test("todos(inList:) and todo(id:) of a shared list", arguments: Role.allCases)
  func sharedTodos(_ role: Role) async throws {
    try await AccessWorld.with { world in
      try await world.attempt(role, Outcome.read("list")) { service throws in
        #expect(try await service.todos(inList: world.groceries.id) == [world.milk])
      }
      try await world.attempt(role, Outcome.read("todo")) { service throws in
        #expect(try await service.todo(id: world.milk.id) == world.milk)
      }
    }
  }

  @Test("search finds only the todos of lists the principal sees", arguments: Role.allCases)
  func search(_ role: Role) async throws {
    try await AccessWorld.with { world in
      let service = world.service(role)
      let expected: Set<UUID> =
        switch role {
        case .owner, .readOnly: [world.milk.id, world.secret.id]
        case .editor, .viewer: [world.milk.id]
        case .stranger: [world.davesTodo.id]
        }
      #expect(Set(try await service.search(TodoSearch()).map(\.id)) == expected)
      #expect(
        Set(try await service.search(TodoSearch(text: "e")).map(\.id))
          == expected.subtracting([world.milk.id]))
      try await world.attempt(role, Outcome.read("list")) { service throws in
        #expect(
          try await service.search(TodoSearch(listID: world.groceries.id)).map(\.id)
            == [world.milk.id])
      }
    }
  }

  // MARK: - Writing todos

  @Test("createTodo in a shared list", arguments: Role.allCases)
  func createTodo(_ role: Role) async throws {
    try await AccessWorld.with { world in
      try await world.attempt(role, Outcome.edit("list")) { service in
        let bread = try await service.createTodo(
          NewTodo(title: "Bread", listID: world.groceries.id))
        #expect(try await world.stored(bread)?.listID == world.groceries.id)
        #expect(
          try await world.admin.todos(inList: world.groceries.id).map(\.id)
            == [world.milk.id, bread.id])
      }
    }
  }

  @Test("createTodo without a list goes to the principal's own Inbox", arguments: Role.allCases)
  func createInInbox(_ role: Role) async throws {
    try await AccessWorld.with { world in
      let expected: [Role: Outcome] = [
        .owner: .allowed, .editor: .allowed, .viewer: .allowed, .stranger: .allowed,
        .readOnly: .forbidden,
      ]
      try await world.attempt(role, expected) { service in
        let todo = try await service.createTodo(NewTodo(title: "Call mum"))
        #expect(try await world.stored(todo)?.listID == world.account(role).inboxID)
      }
    }
  }

  @Test("updateTodo of a shared list's todo", arguments: Role.allCases)
  func updateTodo(_ role: Role) async throws {
    try await AccessWorld.with { world in
      try await world.attempt(role, Outcome.edit("todo")) { service in
        let updated = try await service.updateTodo(
          id: world.milk.id, TodoPatch(title: "Oat milk", status: .done),
          expectedVersion: world.milk.version)
        #expect(updated.version == world.milk.version.next)
        #expect(try await world.stored(world.milk) == updated)
      }
    }
  }

  @Test("a todo cannot be moved into a list the principal may not edit", arguments: Role.allCases)
  func updateTodoIntoForeignList(_ role: Role) async throws {
    try await AccessWorld.with { world in
      // Into Diary, shared with nobody: only its owner.
      let expected: [Role: Outcome] = [
        .owner: .allowed, .editor: .notFound("list"), .viewer: .forbidden,
        .stranger: .notFound("todo"), .readOnly: .forbidden,
      ]
      try await world.attempt(role, expected) { service in
        let moved = try await service.updateTodo(
          id: world.milk.id, TodoPatch(listID: world.diary.id))
        #expect(try await world.stored(world.milk)?.listID == world.diary.id)
        #expect(moved.listID == world.diary.id)
      }
    }
  }

  @Test("moveTodo in a shared list", arguments: Role.allCases)
  func moveTodo(_ role: Role) async throws {
    try await AccessWorld.with { world in
      let bread = try await world.service(.owner).createTodo(
        NewTodo(title: "Bread", listID: world.groceries.id))
      try await world.attempt(role, Outcome.edit("todo")) { service in
        _ = try await service.moveTodo(id: bread.id, to: .before(world.milk.id))
        #expect(
          try await world.admin.todos(inList: world.groceries.id).map(\.id)
            == [bread.id, world.milk.id])
      }
    }
  }

  @Test("trashTodo and trashTodos in a shared list", arguments: Role.allCases)
  func trashTodo(_ role: Role) async throws {
    try await AccessWorld.with { world in
      try await world.attempt(role, Outcome.edit("todo")) { service in
        _ = try await service.trashTodo(id: world.milk.id)
        #expect(try await world.stored(world.milk)?.isTrashed == true)
      }
    }
    try await AccessWorld.with { world in
      try await world.attempt(role, Outcome.edit("list")) { service in
        let trashed = try await service.trashTodos(inList: world.groceries.id)
        #expect(trashed.map(\.id) == [world.milk.id])
        #expect(try await world.stored(world.milk)?.isTrashed == true)
      }
    }
  }

  @Test("restoreTodo and restoreTodos of a shared list's trashed todo", arguments: Role.allCases)
  func restoreTodo(_ role: Role) async throws {
    try await AccessWorld.with { world in
      try await world.attempt(role, Outcome.edit("trashed todo")) { service in
        let restored = try await service.restoreTodo(id: world.eggs.id)
        #expect(!restored.isTrashed)
        #expect(try await world.stored(world.eggs)?.isTrashed == false)
      }
    }
    try await AccessWorld.with { world in
      try await world.attempt(role, Outcome.edit("trashed todo")) { service in
        let restored = try await service.restoreTodos(ids: [world.eggs.id])
        #expect(restored.map(\.isTrashed) == [false])
        #expect(try await world.stored(world.eggs)?.isTrashed == false)
      }
    }
  }

  @Test("restoreTodos is all or nothing: a todo of a list the editor cannot see refuses all")
  func restoreTodosAllOrNothing() async throws {
    try await AccessWorld.with { world in
      try await world.attempt(.editor, [.editor: .notFound("trashed todo")]) { service in
        _ = try await service.restoreTodos(ids: [world.eggs.id, world.burned.id])
      }
      #expect(try await world.stored(world.eggs)?.isTrashed == true)
    }
  }

  @Test(
    "restoring a todo of a trashed list brings the list back: only its owner",
    arguments: Role.allCases)
  func restoreTodoOfTrashedList(_ role: Role) async throws {
    try await AccessWorld.with { world in
      try await world.attempt(role, Outcome.own("trashed todo")) { service in
        let restored = try await service.restoreTodo(id: world.oldNote.id)
        #expect(restored == world.oldNote)
        #expect(try await world.stored(world.old)?.isTrashed == false)
        #expect(try await service.lists().contains { $0.id == world.old.id })
      }
    }
  }

  @Test("an edit session: members who may edit save, others are refused", arguments: Role.allCases)
  func editSession(_ role: Role) async throws {
    try await AccessWorld.with { world in
      try await world.attempt(role, Outcome.edit("todo")) { service in
        let session = try await service.beginEdit(todoID: world.milk.id)
        try await session.apply(TodoPatch(title: "Oat milk"))
        let saved = try await session.save()
        #expect(saved.title == "Oat milk")
        #expect(try await world.stored(world.milk) == saved)
      }
    }
  }

  @Test("an edit session cannot move a todo into a list its principal may not edit")
  func editSessionIntoForeignList() async throws {
    try await AccessWorld.with { world in
      try await world.attempt(.editor, [.editor: .notFound("list")]) { service in
        let session = try await service.beginEdit(todoID: world.milk.id)
        try await session.apply(TodoPatch(listID: world.diary.id))
        _ = try await session.save()
      }
    }
  }

  @Test("an edit session does not tell a list the principal cannot see from no list at all")
  func editSessionHidesForeignLists() async throws {
    try await AccessWorld.with { world in
      let session = try await world.service(.editor).beginEdit(todoID: world.milk.id)
      let unknown = UUID()
      await #expect(throws: TodoError.notFound(entity: "list", id: unknown.uuidString)) {
        try await session.apply(TodoPatch(listID: unknown))
      }
      // Alice's private Diary is as unknown to him as a random identifier.
      await #expect(throws: TodoError.notFound(entity: "list", id: world.diary.id.uuidString)) {
        try await session.apply(TodoPatch(listID: world.diary.id))
      }
    }
  }
}
