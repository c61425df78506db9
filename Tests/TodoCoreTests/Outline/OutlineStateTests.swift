import Foundation
import Testing

@testable import TodoCore

@Suite("Collapsed outline groups, remembered per person")
struct OutlineStateTests {
  @Test("a group collapsed is remembered, expanded is forgotten; a todo deleted goes with it")
  func remembered() async throws {
    try await TemporaryStore.with { service, _ in
      let trip = try await service.createTodo(NewTodo(title: "Trip"))
      let gone = try await service.createTodo(NewTodo(title: "Gone"))
      #expect(try await service.collapsedGroups() == [])
      try await service.setCollapsed("group:done", true)
      try await service.setCollapsed(trip.id.uuidString, true)
      try await service.setCollapsed(gone.id.uuidString, true)
      #expect(
        try await service.collapsedGroups()
          == ["group:done", trip.id.uuidString, gone.id.uuidString])
      try await service.setCollapsed("group:done", false)
      _ = try await service.trashTodo(id: gone.id)
      try await service.deleteTrashedTodo(id: gone.id)
      // The next change forgets the todo that is no more.
      try await service.setCollapsed("group:undone", true)
      #expect(try await service.collapsedGroups() == [trip.id.uuidString, "group:undone"])
      await #expect(throws: TodoError.self) { try await service.setCollapsed("<script>", true) }
    }
  }

  @Test("each person has their own collapsed groups")
  func perPerson() async throws {
    try await TemporaryStore.with { service, _ in
      let (_, _, asAnn, asBob) = try await service.twoPeople()
      try await asAnn.setCollapsed("group:done", true)
      #expect(try await asAnn.collapsedGroups() == ["group:done"])
      #expect(try await asBob.collapsedGroups() == [])
      #expect(try await service.collapsedGroups() == [])
    }
  }
}
