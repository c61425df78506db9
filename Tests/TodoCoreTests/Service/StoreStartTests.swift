import Foundation
import Persistence
import PersistenceTestSupport
import Testing

@testable import TodoCore

/// Servers starting at the same moment on a new store, as a deployment of several servers on
/// one database does: every one comes up, the schema is created once and the first data (the
/// Inbox) is written once, on either engine.
@Suite("Store start", .timeLimit(.minutes(3)))
struct StoreStartTests {
  @Test("four services opening a new store at once all come up with one Inbox, ten times over")
  func simultaneousStarts() async throws {
    for round in 0..<10 {
      let store = try TemporaryStore()
      defer { store.remove() }
      let inboxes = try await withThrowingTaskGroup(of: [TodoList].self) { group in
        for _ in 0..<4 {
          group.addTask {
            let service = try await TodoService.open(store.location)
            defer { try? service.close() }
            return try await service.lists()
          }
        }
        var seen: [[TodoList]] = []
        for try await lists in group { seen.append(lists) }
        return seen
      }
      for lists in inboxes {
        #expect(lists.map(\.id) == [TodoList.inboxID], "round \(round)")
      }
      // Every service saw the same Inbox: written once, not once per server.
      #expect(Set(inboxes.flatMap { $0.map(\.createdAt) }).count == 1, "round \(round)")
    }
  }
}
