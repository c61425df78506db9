import Foundation
import Testing

@testable import TodoCore

/// Lists, the trash, export and import for each principal: only the owner changes a list
/// itself, and nobody reads or writes what was not shared with them.
@Suite("Accounts: lists, trash and transfer for each principal")
struct ListAccessTests {
  // MARK: - Lists

  @Test("createList makes a list of the principal's own; names are unique per owner")
  func createList() async throws {
    try await AccessWorld.with { world in
      let mine = try await world.service(.editor).createList(named: "groceries")
      #expect(mine.ownerID == world.bob.id)
      #expect(
        try await world.service(.editor).lists().map(\.id)
          == [world.bob.inboxID, world.groceries.id, mine.id])
      await #expect {
        try await world.service(.owner).createList(named: "GROCERIES")
      } throws: { ($0 as? TodoError)?.validationField == "name" }
      try await world.attempt(.readOnly, [.readOnly: .forbidden]) { service in
        _ = try await service.createList(named: "Books")
      }
      // Without a principal, a new list belongs to the owner of the installation's Inbox.
      #expect(try await world.admin.createList(named: "Admin's").ownerID == world.alice.id)
    }
  }

  @Test("renameList of a shared list: only its owner", arguments: Role.allCases)
  func renameList(_ role: Role) async throws {
    try await AccessWorld.with { world in
      try await world.attempt(role, Outcome.own("list")) { service in
        _ = try await service.renameList(id: world.groceries.id, to: "Food")
        #expect(try await world.stored(world.groceries)?.name == "Food")
      }
    }
  }

  @Test("moveList of a shared list: only its owner", arguments: Role.allCases)
  func moveList(_ role: Role) async throws {
    try await AccessWorld.with { world in
      try await world.attempt(role, Outcome.own("list")) { service in
        _ = try await service.moveList(id: world.groceries.id, to: .after(world.diary.id))
        #expect(
          try await world.admin.lists().map(\.id).suffix(2) == [world.diary.id, world.groceries.id])
      }
    }
  }

  @Test("moveList next to a list the principal cannot see is refused as unknown")
  func moveListNextToForeignList() async throws {
    try await AccessWorld.with { world in
      try await world.attempt(.owner, [.owner: .notFound("list")]) { service in
        _ = try await service.moveList(id: world.groceries.id, to: .after(world.dave.inboxID))
      }
      // Next to a list shared with it is fine.
      try await world.attempt(.editor, [.editor: .allowed]) { service in
        _ = try await service.moveList(id: world.bob.inboxID, to: .after(world.groceries.id))
        #expect(
          try await service.lists().map(\.id) == [world.groceries.id, world.bob.inboxID])
      }
    }
  }

  @Test("trashList of a shared list: only its owner", arguments: Role.allCases)
  func trashList(_ role: Role) async throws {
    try await AccessWorld.with { world in
      try await world.attempt(role, Outcome.own("list")) { service in
        _ = try await service.trashList(id: world.groceries.id)
        #expect(try await world.stored(world.groceries)?.isTrashed == true)
      }
    }
  }

  @Test("restoreList of a trashed shared list: only its owner", arguments: Role.allCases)
  func restoreList(_ role: Role) async throws {
    try await AccessWorld.with { world in
      try await world.attempt(role, Outcome.own("trashed list")) { service in
        let restored = try await service.restoreList(id: world.old.id)
        #expect(!restored.isTrashed)
        #expect(try await world.stored(world.old)?.isTrashed == false)
      }
    }
  }

  @Test("the Inbox of any account cannot be trashed, by anyone")
  func inboxes() async throws {
    try await AccessWorld.with { world in
      let before = try await world.contents()
      let attempts: [(TodoService, UUID)] = [
        (world.service(.owner), TodoList.inboxID),
        (world.service(.editor), world.bob.inboxID),
        (world.service(.stranger), world.dave.inboxID),
        (world.admin, TodoList.inboxID),
        (world.admin, world.carol.inboxID),
      ]
      for (service, inbox) in attempts {
        await #expect {
          try await service.trashList(id: inbox)
        } throws: { ($0 as? TodoError)?.validationField == "list" }
      }
      // Somebody else's Inbox is not even found.
      await #expect(throws: TodoError.notFound(entity: "list", id: world.bob.inboxID.uuidString)) {
        try await world.service(.owner).trashList(id: world.bob.inboxID)
      }
      #expect(try await world.contents() == before)
    }
  }

  @Test("a shared Inbox stays untrashable, and its owner's alone to change")
  func sharedInbox() async throws {
    try await AccessWorld.with { world in
      let bob = world.service(.editor)
      try await bob.share(list: world.bob.inboxID, with: "alice", as: .editor)
      await #expect {
        try await world.service(.owner).trashList(id: world.bob.inboxID)
      } throws: { if case .forbidden = $0 as? TodoError { true } else { false } }
      await #expect {
        try await bob.trashList(id: world.bob.inboxID)
      } throws: { ($0 as? TodoError)?.validationField == "list" }
      #expect(try await world.admin.list(id: world.bob.inboxID).isTrashed == false)
    }
  }

  // MARK: - Trash

  @Test(
    "trash() holds the principal's trashed lists and the trashed todos it may edit",
    arguments: Role.allCases)
  func trash(_ role: Role) async throws {
    try await AccessWorld.with { world in
      let trash = try await world.service(role).trash()
      let (lists, todos): ([UUID], Set<UUID>) =
        switch role {
        case .owner, .readOnly:
          ([world.old.id], [world.eggs.id, world.burned.id, world.oldNote.id])
        case .editor: ([], [world.eggs.id])
        case .viewer, .stranger: ([], [])
        }
      #expect(trash.lists.map(\.id) == lists)
      #expect(Set(trash.todos.map(\.id)) == todos)
      #expect(trash.todos.count == todos.count)
    }
  }

  @Test(
    "emptyTrash deletes only the trash of the principal's own lists, not an editor's",
    arguments: Role.allCases)
  func emptyTrash(_ role: Role) async throws {
    try await AccessWorld.with { world in
      let expected: [Role: Outcome] = [
        .owner: .allowed, .editor: .allowed, .viewer: .allowed, .stranger: .allowed,
        .readOnly: .forbidden,
      ]
      let before = try await world.contents()
      try await world.attempt(role, expected) { service in
        let emptied = try await service.emptyTrash()
        let after = try await world.contents()
        let gone = Set(before.todos.map(\.id)).subtracting(after.todos.map(\.id))
        let goneLists = Set(before.lists.map(\.id)).subtracting(after.lists.map(\.id))
        switch role {
        case .owner, .readOnly:
          #expect(emptied.lists == 1)
          #expect(emptied.todos == 3)
          #expect(gone == [world.eggs.id, world.burned.id, world.oldNote.id])
          #expect(goneLists == [world.old.id])
        case .editor, .viewer, .stranger:
          // The editor's trash shows Eggs (it may restore them), but they stay Alice's.
          #expect(emptied.lists == 0)
          #expect(emptied.todos == 0)
          #expect(after == before)
          #expect(
            try await service.trash().todos.map(\.id) == (role == .editor ? [world.eggs.id] : []))
        }
      }
    }
  }

  // MARK: - Export and import

  @Test("export holds the lists the principal owns and their todos", arguments: Role.allCases)
  func export(_ role: Role) async throws {
    try await AccessWorld.with { world in
      let document = try await world.service(role).export()
      let (lists, todos): (Set<UUID>, Set<UUID>) =
        switch role {
        case .owner, .readOnly:
          (
            [TodoList.inboxID, world.groceries.id, world.diary.id, world.old.id],
            [world.milk.id, world.eggs.id, world.secret.id, world.burned.id, world.oldNote.id]
          )
        case .editor: ([world.bob.inboxID], [])
        case .viewer: ([world.carol.inboxID], [])
        case .stranger: ([world.dave.inboxID], [world.davesTodo.id])
        }
      #expect(Set(document.lists.map(\.id)) == lists)
      #expect(Set(document.todos.map(\.id)) == todos)
    }
  }

  @Test("importing a document that names another account's list", arguments: Role.allCases)
  func importForeignList(_ role: Role) async throws {
    try await AccessWorld.with { world in
      var list = world.groceries
      list.name = "Mine now"
      let document = ExportDocument(exportedAt: SettableClock.start, lists: [list], todos: [])
      let expected: [Role: Outcome] = [
        .owner: .allowed, .editor: .invalidImport, .viewer: .invalidImport,
        .stranger: .invalidImport, .readOnly: .forbidden,
      ]
      try await world.attempt(role, expected) { service in
        try await service.importDocument(document)
        #expect(try await world.stored(world.groceries)?.name == "Mine now")
        #expect(try await world.stored(world.groceries)?.ownerID == world.alice.id)
      }
    }
  }

  @Test("importing a document that names another account's todo", arguments: Role.allCases)
  func importForeignTodo(_ role: Role) async throws {
    try await AccessWorld.with { world in
      // The document puts the todo in the importer's own Inbox.
      var todo = world.milk
      todo.title = "Taken"
      todo.listID = world.account(role).inboxID
      let document = ExportDocument(exportedAt: SettableClock.start, lists: [], todos: [todo])
      let expected: [Role: Outcome] = [
        .owner: .allowed, .editor: .allowed, .viewer: .invalidImport, .stranger: .invalidImport,
        .readOnly: .forbidden,
      ]
      try await world.attempt(role, expected) { service in
        try await service.importDocument(document)
        let stored = try #require(try await world.stored(world.milk))
        #expect(stored.title == "Taken")
        #expect(stored.listID == world.account(role).inboxID)
      }
    }
  }

  @Test("importing a new todo into another account's list", arguments: Role.allCases)
  func importIntoForeignList(_ role: Role) async throws {
    try await AccessWorld.with { world in
      let todo = Todo(
        listID: world.groceries.id, title: "Imported", order: world.milk.order,
        createdAt: SettableClock.start, updatedAt: SettableClock.start)
      let document = ExportDocument(exportedAt: SettableClock.start, lists: [], todos: [todo])
      let expected: [Role: Outcome] = [
        .owner: .allowed, .editor: .allowed, .viewer: .forbidden, .stranger: .invalidImport,
        .readOnly: .forbidden,
      ]
      try await world.attempt(role, expected) { service in
        try await service.importDocument(document)
        #expect(try await world.stored(todo)?.listID == world.groceries.id)
      }
      // A list shared with nobody is refused to everybody but its owner.
      var secret = todo
      secret.id = UUID()
      secret.listID = world.diary.id
      let diaryDocument = ExportDocument(
        exportedAt: SettableClock.start, lists: [], todos: [secret])
      let ownerOnly: [Role: Outcome] = [
        .owner: .allowed, .editor: .invalidImport, .viewer: .invalidImport,
        .stranger: .invalidImport, .readOnly: .forbidden,
      ]
      try await world.attempt(role, ownerOnly) { service in
        try await service.importDocument(diaryDocument)
        #expect(try await world.stored(secret)?.listID == world.diary.id)
      }
    }
  }

  @Test("a principal's import makes its lists its own")
  func importOwnLists() async throws {
    try await AccessWorld.with { world in
      let exported = try await world.service(.editor).export()
      var list = try #require(exported.lists.first)
      list.id = UUID()
      list.name = "Groceries"
      list.ownerID = world.alice.id  // the document cannot give a list to someone else
      let document = ExportDocument(exportedAt: exported.exportedAt, lists: [list], todos: [])
      let written = try await world.service(.editor).importDocument(document)
      #expect(written.lists == 1)
      #expect(try await world.stored(list)?.ownerID == world.bob.id)
      #expect(
        try await world.service(.editor).lists().map(\.name).sorted()
          == ["Groceries", "Groceries", "Inbox"])
    }
  }

  @Test("an administrator's import of a document without owners leaves the lists visible")
  func adminImportOfOwnerlessDocument() async throws {
    try await AccessWorld.with { world in
      // A backup made before accounts were turned on: its lists have no owner.
      var groceries = world.groceries
      groceries.ownerID = nil
      let newList = TodoList(
        id: UUID(),
        name: "From the backup", order: world.groceries.order, createdAt: SettableClock.start,
        updatedAt: SettableClock.start)
      let document = ExportDocument(
        exportedAt: SettableClock.start, lists: [groceries, newList], todos: [])
      try await world.admin.importDocument(document)
      let visible = try await world.service(.owner).lists().map(\.id)
      #expect(visible.contains(world.groceries.id))
      #expect(visible.contains(newList.id))
    }
  }
}
