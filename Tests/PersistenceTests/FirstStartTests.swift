import Foundation
import Persistence
import PersistenceTestEntities
import Testing

/// Servers starting at the same moment on a new store, as a deployment of several servers on
/// one database does: every one opens it, the migrations run once, and first data written
/// "if missing" is written once.
@Suite("First start", .timeLimit(.minutes(2)))
struct FirstStartTests {
  /// The first list every store must have, as an app's Inbox.
  static let firstListID = UUID(uuidString: "00000000-0000-4000-8000-0000000000AA")!

  @Test("Several containers opening a new store at once all come up, with one first list")
  func simultaneousFirstStarts() async throws {
    for round in 0..<10 {
      let directory = try TemporaryDirectory()
      defer { directory.remove() }
      let store = directory.store
      let created = try await withThrowingTaskGroup(of: Bool.self) { group in
        for _ in 0..<4 {
          group.addTask {
            let container = try await PersistentContainer(
              store, entities: [Todo.self, TodoList.self])
            defer { try? container.close() }
            return try await container.write { tx in
              if try tx.object(TodoList.self, id: Self.firstListID) != nil { return false }
              try tx.insert(TodoList(id: Self.firstListID, name: "Inbox"))
              return true
            }
          }
        }
        var created = 0
        for try await didCreate in group where didCreate { created += 1 }
        return created
      }
      #expect(created == 1, "round \(round): the first list was created \(created) times")
      let container = try await PersistentContainer(store, entities: [Todo.self, TodoList.self])
      defer { try? container.close() }
      let lists = try await container.read { tx in try tx.count(FetchRequest<TodoList>()) }
      #expect(lists == 1, "round \(round)")
    }
  }
}
