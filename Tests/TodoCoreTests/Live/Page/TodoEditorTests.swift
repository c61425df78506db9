import Composable
import Foundation
import Testing

@testable import TodoCore

@Suite("TodoEditor feature")
struct TodoEditorTests {
  /// A service on a temporary store whose clock stands still, so saved values are predictable.
  static func withService(_ body: (TodoService, Date) async throws -> Void) async throws {
    let store = try TemporaryStore()
    defer { store.remove() }
    let now = Date(timeIntervalSince1970: 1_767_225_600)
    let service = try await TodoService.open(store.location, now: { now })
    defer { try? service.close() }
    try await body(service, now)
  }

  @Test("begin, edit, save: the change is written once, with the next version")
  func save() async throws {
    try await Self.withService { service, now in
      let todo = try await service.createTodo(NewTodo(title: "Milk", section: "Dairy"))
      let sessions = EditSessions()
      let store = TestStore(initialState: TodoEditor.State(todoID: todo.id)) {
        TodoEditor(sessions: sessions)
      } withDependencies: {
        $0.todoClient = .live(service)
      }
      await store.send(.begin)
      await store.receive(.began(todo)) {
        $0.phase = .editing
        $0.original = todo
        $0.title = "Milk"
        $0.section = "Dairy"
      }
      #expect(sessions.count == 1)
      let fields = PageEditor.Fields(
        title: "  Oat milk ", deadline: "2026-03-01", status: .inProgress, section: "Dairy")
      await store.send(.setFields(fields)) {
        $0.title = "  Oat milk "
        $0.deadline = "2026-03-01"
        $0.status = .inProgress
      }
      // Nothing is written before Save.
      #expect(try await service.todo(id: todo.id) == todo)

      var expected = todo
      expected.title = "Oat milk"
      expected.deadline = try Deadline(parsing: "2026-03-01")
      expected.status = .inProgress
      expected.version = todo.version.next
      expected.updatedAt = now
      await store.send(.save) { $0.phase = .saving }
      await store.receive(.saved(expected)) {
        $0.phase = .saved
        $0.original = expected
        $0.title = "Oat milk"
      }
      #expect(try await service.todo(id: todo.id) == expected)
      #expect(sessions.count == 0)
    }
  }

  @Test("cancel throws the draft away and leaves the store untouched")
  func cancel() async throws {
    try await Self.withService { service, _ in
      let todo = try await service.createTodo(NewTodo(title: "Milk", notes: "typed"))
      let store = TestStore(initialState: TodoEditor.State(todoID: todo.id)) {
        TodoEditor()
      } withDependencies: {
        $0.todoClient = .live(service)
      }
      await store.send(.begin)
      await store.receive(.began(todo)) {
        $0.phase = .editing
        $0.original = todo
        $0.title = "Milk"
        $0.notes = "typed"
      }
      await store.send(.setFields(PageEditor.Fields(title: "Milk"))) { $0.notes = "" }
      await store.send(.cancel) {
        $0.phase = .cancelled
        $0.notes = "typed"
      }
      await store.send(.save)
      #expect(try await service.todo(id: todo.id) == todo)
    }
  }

  /// Opens the sheet on a todo, lets someone else rename it, and saves a draft over it: the
  /// save fails with their version and the draft kept.
  static func conflicted(
    _ service: TodoService
  ) async throws -> (TestStore<TodoEditor.State, TodoEditorAction>, original: Todo, theirs: Todo) {
    let todo = try await service.createTodo(NewTodo(title: "Milk", notes: "2 l"))
    let store = TestStore(initialState: TodoEditor.State(todoID: todo.id)) {
      TodoEditor()
    } withDependencies: {
      $0.todoClient = .live(service)
    }
    await store.send(.begin)
    await store.receive(.began(todo)) {
      $0.phase = .editing
      $0.original = todo
      $0.title = "Milk"
      $0.notes = "2 l"
    }
    let theirs = try await service.updateTodo(
      id: todo.id, TodoPatch(title: "Their milk", status: .inProgress))
    await store.send(.setFields(PageEditor.Fields(title: "Milk", notes: "3 l, oat"))) {
      $0.notes = "3 l, oat"
    }
    await store.send(.save) { $0.phase = .saving }
    let problem = EditorProblem.conflict(theirs: theirs)
    await store.receive(.failed(problem)) {
      $0.phase = .editing
      $0.problem = problem
    }
    #expect(problem.currentVersion == todo.version.next)
    #expect(try await service.todo(id: todo.id) == theirs, "nothing of the draft was written")
    // A plain save is no answer: the person chooses.
    await store.send(.save)
    return (store, todo, theirs)
  }

  @Test("after a concurrent change, Keep mine saves what the person changed over theirs")
  func keepMine() async throws {
    try await Self.withService { service, now in
      let (store, _, theirs) = try await Self.conflicted(service)
      // Their title and status stay (the draft left them as they were); my notes win.
      await store.send(.keepMine) {
        $0.original = theirs
        $0.problem = nil
        $0.title = "Their milk"
        $0.status = .inProgress
      }
      await store.receive(.save) { $0.phase = .saving }
      var saved = theirs
      saved.notes = "3 l, oat"
      saved.version = theirs.version.next
      saved.updatedAt = now
      await store.receive(.saved(saved)) {
        $0.phase = .saved
        $0.original = saved
      }
      #expect(try await service.todo(id: saved.id) == saved)
    }
  }

  @Test("after a concurrent change, Use theirs edits their version; nothing is written")
  func useTheirs() async throws {
    try await Self.withService { service, _ in
      let (store, _, theirs) = try await Self.conflicted(service)
      await store.send(.useTheirs) {
        $0.problem = nil
        $0.original = theirs
        $0.title = "Their milk"
        $0.notes = "2 l"
        $0.status = .inProgress
      }
      #expect(try await service.todo(id: theirs.id) == theirs)
      await store.send(.cancel) { $0.phase = .cancelled }
    }
  }

  @Test("invalid input is reported and nothing is written")
  func invalid() async throws {
    try await Self.withService { service, _ in
      let todo = try await service.createTodo(NewTodo(title: "Milk"))
      let store = TestStore(initialState: TodoEditor.State(todoID: todo.id)) {
        TodoEditor()
      } withDependencies: {
        $0.todoClient = .live(service)
      }
      await store.send(.begin)
      await store.receive(.began(todo)) {
        $0.phase = .editing
        $0.original = todo
        $0.title = "Milk"
      }
      await store.send(.setFields(PageEditor.Fields(title: "   "))) { $0.title = "   " }
      await store.send(.save) { $0.phase = .saving }
      let problem = EditorProblem(message: "title: a title cannot be empty")
      await store.receive(.failed(problem)) {
        $0.phase = .editing
        $0.problem = problem
      }
      await store.send(.setFields(PageEditor.Fields(title: "Ok", deadline: "2026-02-30"))) {
        $0.title = "Ok"
        $0.deadline = "2026-02-30"
      }
      await store.send(.save) {
        $0.phase = .saving
        $0.problem = nil
      }
      await store.receive(\.failed) {
        $0.phase = .editing
        $0.problem = EditorProblem(message: "deadline: 2026-02-30 is not a day of the calendar")
      }
      #expect(try await service.todo(id: todo.id) == todo)
      await store.send(.cancel) {
        $0.phase = .cancelled
        $0.title = "Milk"
        $0.deadline = ""
        $0.problem = nil
      }
    }
  }

  @Test("editing an unknown todo fails to begin")
  func unknown() async throws {
    try await Self.withService { service, _ in
      let id = UUID()
      let store = TestStore(initialState: TodoEditor.State(todoID: id)) {
        TodoEditor()
      } withDependencies: {
        $0.todoClient = .live(service)
      }
      await store.send(.begin)
      let problem = EditorProblem(TodoError.notFound(entity: "todo", id: id.uuidString))
      await store.receive(.failed(problem)) { $0.problem = problem }
    }
  }
}
