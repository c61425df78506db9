import Foundation
import Testing

@testable import TodoCore

/// The counts and the agenda a page observes (``TodoService/observe(list:)``) hold only the
/// lists the principal may read: a stranger's, a private list's or a trashed list's todos
/// never reach another person's page.
@Suite("Accounts: open counts and smart views for each principal")
struct AgendaAccessTests {
  @Test(
    "observe(list:) counts and lists in the agenda only the lists the principal reads",
    .timeLimit(.minutes(1)), arguments: Role.allCases)
  func agenda(_ role: Role) async throws {
    try await AccessWorld.with { world in
      let due = try Deadline(parsing: "2026-01-01")
      for todo in [world.milk, world.secret, world.oldNote, world.davesTodo] {
        _ = try await world.admin.updateTodo(id: todo.id, TodoPatch(deadline: .some(due)))
      }
      let inbox = world.account(role).inboxID
      var values = world.service(role).observe(list: inbox).makeAsyncIterator()
      let value = try #require(try await values.next())
      let (titles, counts): ([String], [UUID: Int]) =
        switch role {
        case .owner, .readOnly:
          (["Milk", "Secret"], [world.groceries.id: 1, world.diary.id: 1])
        case .editor, .viewer: (["Milk"], [world.groceries.id: 1])
        case .stranger: (["Dave's"], [world.dave.inboxID: 1])
        }
      #expect(value.agenda.map(\.title) == titles)
      #expect(value.openCounts == counts)
      // Every todo of the agenda is of a list the principal sees.
      let visible = Set(value.lists.map(\.id))
      #expect(value.agenda.allSatisfy { visible.contains($0.listID) })
    }
  }
}
