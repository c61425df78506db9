import Foundation
import Testing

@testable import TodoCore

@Suite("TodoService change generation")
struct ChangeGenerationTests {
  @Test("own writes advance the generation before they return; failed validation does not write")
  func ownWrites() async throws {
    try await TemporaryStore.with { service, _ in
      let start = service.changeGeneration
      let todo = try await service.createTodo(NewTodo(title: "x"))
      let afterCreate = service.changeGeneration
      #expect(afterCreate > start)
      _ = try await service.updateTodo(id: todo.id, TodoPatch(title: "y"))
      #expect(service.changeGeneration > afterCreate)
      let session = try await service.beginEdit(todoID: todo.id)
      try await session.apply(TodoPatch(title: "z"))
      let beforeSave = service.changeGeneration
      _ = try await session.save()
      #expect(service.changeGeneration > beforeSave)
    }
  }

  @Test("another process's commit advances the generation once watched")
  func otherProcess() async throws {
    let store = try TemporaryStore()
    defer { try? FileManager.default.removeItem(at: store.directory) }
    let watched = try await store.open()
    let other = try await store.open()
    defer {
      try? watched.close()
      try? other.close()
    }
    let watcher = Task { await watched.watchChanges() }
    defer { watcher.cancel() }
    // Let the observations deliver their first values, then note the generation.
    try await Task.sleep(for: .milliseconds(300))
    let before = watched.changeGeneration
    _ = try await other.createTodo(NewTodo(title: "from elsewhere"))
    var after = watched.changeGeneration
    for _ in 0..<100 where after == before {
      try await Task.sleep(for: .milliseconds(50))
      after = watched.changeGeneration
    }
    #expect(after > before)
  }
}
