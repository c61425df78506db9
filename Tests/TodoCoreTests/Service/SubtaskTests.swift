import Foundation
import Persistence
import Testing

@testable import TodoCore

/// Subtasks in the store: nesting to any depth, the rules a parent follows, and what a
/// parent's move, completion, repeat, trash and restore do to its subtree.
@Suite("Subtasks")
struct SubtaskTests {
  /// The titles of a list as an outline, two spaces per level.
  static func outline(_ service: TodoService, _ listID: UUID) async throws -> [String] {
    TodoOutline(try await service.todos(inList: listID)).rows.map {
      String(repeating: "  ", count: $0.level) + $0.todo.title
    }
  }

  @Test("subtasks nest to any depth in their parent's list; the outline and the progress read them")
  func nesting() async throws {
    try await TemporaryStore.with { service, _ in
      let errands = try await service.createList(named: "Errands")
      let trip = try await service.createTodo(NewTodo(title: "Trip", listID: errands.id))
      let other = try await service.createTodo(NewTodo(title: "Other", listID: errands.id))
      let pack = try await service.createTodo(NewTodo(title: "Pack", parentID: trip.id))
      #expect(pack.listID == errands.id)
      let socks = try await service.createTodo(NewTodo(title: "Socks", parentID: pack.id))
      _ = try await service.createTodo(
        NewTodo(title: "Tickets", status: .done, parentID: trip.id))
      _ = try await service.createTodo(NewTodo(title: "First", position: .top, parentID: trip.id))
      #expect(
        try await Self.outline(service, errands.id) == [
          "Trip", "  First", "  Pack", "    Socks", "  Tickets", "Other",
        ])
      let progress = TodoOutline.progress(of: try await service.todos(inList: errands.id))
      #expect(progress[trip.id]?.text == "1/3")
      #expect(progress[pack.id]?.text == "0/1")
      #expect(progress[other.id] == nil)
      #expect(
        try await service.subtasks(of: trip.id).map(\.title) == [
          "First", "Pack", "Socks", "Tickets",
        ])
      #expect(socks.parentID == pack.id)
    }
  }

  @Test("a cycle, its own parent, a parent in another list or in the trash is refused by name")
  func refusals() async throws {
    try await TemporaryStore.with { service, _ in
      let errands = try await service.createList(named: "Errands")
      let a = try await service.createTodo(NewTodo(title: "A"))
      let b = try await service.createTodo(NewTodo(title: "B", parentID: a.id))
      let c = try await service.createTodo(NewTodo(title: "C", parentID: b.id))
      let elsewhere = try await service.createTodo(NewTodo(title: "X", listID: errands.id))
      let gone = try await service.createTodo(NewTodo(title: "Gone"))
      try await service.trashTodo(id: gone.id)
      for parent in [a.id, c.id, elsewhere.id, gone.id] {
        let field = await refusedField {
          _ = try await service.updateTodo(id: a.id, TodoPatch(parentID: .some(parent)))
        }
        #expect(field == "parentID", "\(parent)")
      }
      #expect(
        await refusedField {
          _ = try await service.createTodo(
            NewTodo(title: "Y", listID: service.inboxID, parentID: elsewhere.id))
        } == "parentID")
      #expect(
        await refusedField { _ = try await service.moveTodo(id: a.id, to: .after(c.id)) }
          == "parentID")
      // Nothing changed.
      #expect(try await Self.outline(service, a.listID) == ["A", "  B", "    C"])
      #expect(try await service.todo(id: a.id).version == a.version)
    }
  }

  @Test("indent nests under the sibling above; outdent puts it back after its parent")
  func indentAndOutdent() async throws {
    try await TemporaryStore.with { service, _ in
      let a = try await service.createTodo(NewTodo(title: "A"))
      let b = try await service.createTodo(NewTodo(title: "B"))
      let c = try await service.createTodo(NewTodo(title: "C"))
      #expect(await refusedField { _ = try await service.indentTodo(id: a.id) } == "parentID")
      #expect(await refusedField { _ = try await service.outdentTodo(id: a.id) } == "parentID")
      try await service.indentTodo(id: b.id)
      try await service.indentTodo(id: c.id)
      #expect(try await Self.outline(service, a.listID) == ["A", "  B", "  C"])
      try await service.indentTodo(id: c.id)
      #expect(try await Self.outline(service, a.listID) == ["A", "  B", "    C"])
      try await service.outdentTodo(id: c.id)
      #expect(try await Self.outline(service, a.listID) == ["A", "  B", "  C"])
      try await service.outdentTodo(id: b.id)
      #expect(try await Self.outline(service, a.listID) == ["A", "  C", "B"])
      // A move next to a todo of another level makes it that todo's sibling.
      _ = try await service.moveTodo(id: c.id, to: .before(a.id))
      #expect(try await Self.outline(service, a.listID) == ["C", "A", "B"])
    }
  }

  @Test(
    "moving a parent writes its row alone and the subtree follows; to another list it goes along")
  func moves() async throws {
    try await TemporaryStore.with { service, _ in
      let errands = try await service.createList(named: "Errands")
      let a = try await service.createTodo(NewTodo(title: "A"))
      let b = try await service.createTodo(NewTodo(title: "B"))
      let child = try await service.createTodo(NewTodo(title: "B1", parentID: b.id))
      let grandchild = try await service.createTodo(NewTodo(title: "B1a", parentID: child.id))
      _ = try await service.moveTodo(id: b.id, to: .before(a.id))
      #expect(try await Self.outline(service, a.listID) == ["B", "  B1", "    B1a", "A"])
      #expect(try await service.todo(id: child.id).version == child.version)
      #expect(try await service.todo(id: grandchild.id).version == grandchild.version)

      _ = try await service.updateTodo(id: b.id, TodoPatch(listID: errands.id))
      #expect(try await Self.outline(service, errands.id) == ["B", "  B1", "    B1a"])
      #expect(try await Self.outline(service, a.listID) == ["A"])
      // A subtask moved to another list alone leaves its parent.
      _ = try await service.updateTodo(id: grandchild.id, TodoPatch(listID: a.listID))
      #expect(try await Self.outline(service, a.listID) == ["A", "B1a"])
    }
  }

  @Test("completing a parent keeps its subtasks open, or completes them all when asked")
  func completion() async throws {
    try await TemporaryStore.with { service, _ in
      let a = try await service.createTodo(NewTodo(title: "A"))
      let a1 = try await service.createTodo(NewTodo(title: "A1", parentID: a.id))
      let a1x = try await service.createTodo(NewTodo(title: "A1x", parentID: a1.id))
      _ = try await service.updateTodo(id: a.id, TodoPatch(status: .done))
      #expect(try await service.todo(id: a1.id).status == .notStarted)
      _ = try await service.updateTodo(id: a.id, TodoPatch(status: .notStarted))
      _ = try await service.updateTodo(
        id: a.id, TodoPatch(status: .done, completingSubtasks: true))
      #expect(try await service.todo(id: a1.id).status == .done)
      #expect(try await service.todo(id: a1x.id).status == .done)
    }
  }

  @Test("a repeating parent that moves on reopens its subtasks")
  func repeatingParent() async throws {
    try await TemporaryStore.with { service, _ in
      let weekly = try await service.createTodo(
        NewTodo(
          title: "Clean", deadline: try Deadline(parsing: "2026-01-05"),
          recurrence: try Recurrence(rule: "FREQ=WEEKLY")))
      let step = try await service.createTodo(NewTodo(title: "Kitchen", parentID: weekly.id))
      let deeper = try await service.createTodo(NewTodo(title: "Oven", parentID: step.id))
      _ = try await service.updateTodo(id: deeper.id, TodoPatch(status: .done))
      _ = try await service.updateTodo(id: step.id, TodoPatch(status: .done))
      let next = try await service.updateTodo(id: weekly.id, TodoPatch(status: .done))
      #expect(next.status == .notStarted && next.deadline?.description == "2026-01-12")
      #expect(try await service.todo(id: step.id).status == .notStarted)
      #expect(try await service.todo(id: deeper.id).status == .notStarted)
    }
  }

  @Test("trashing a parent trashes its subtree; restoring brings it back whole")
  func trash() async throws {
    try await TemporaryStore.with { service, _ in
      let a = try await service.createTodo(NewTodo(title: "A"))
      let a1 = try await service.createTodo(NewTodo(title: "A1", parentID: a.id))
      let a1x = try await service.createTodo(NewTodo(title: "A1x", parentID: a1.id))
      _ = try await service.createTodo(NewTodo(title: "B"))
      try await service.trashTodo(id: a.id)
      #expect(try await Self.outline(service, a.listID) == ["B"])
      #expect(Set(try await service.trash().todos.map(\.title)) == ["A", "A1", "A1x"])
      try await service.restoreTodo(id: a.id)
      #expect(try await Self.outline(service, a.listID) == ["A", "  A1", "    A1x", "B"])

      // A subtask restored while its parent stays in the trash comes back at the top level.
      try await service.trashTodo(id: a.id)
      try await service.restoreTodo(id: a1x.id)
      #expect(try await Self.outline(service, a.listID) == ["A1x", "B"])

      // "Clear completed" takes the subtasks of a done parent along, and its undo (in any
      // order) restores them under it.
      try await service.restoreTodo(id: a.id)
      _ = try await service.updateTodo(id: a.id, TodoPatch(status: .done))
      let cleared = try await service.trashTodos(inList: a.listID, status: .done)
      #expect(Set(cleared.map(\.title)) == ["A", "A1"])
      _ = try await service.restoreTodos(ids: cleared.map(\.id).reversed())
      #expect(try await Self.outline(service, a.listID) == ["A", "  A1", "A1x", "B"])
      _ = a1
    }
  }
}
