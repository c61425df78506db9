import Foundation
import Testing

@testable import TodoCore

/// Saved filters in the store: each person's own, named once, checked when saved, and what
/// they show.
@Suite("Saved filters")
struct SavedFilterTests {
  @Test("a filter is saved under a unique name, shows what its query finds, and can change")
  func savedAndShown() async throws {
    try await TemporaryStore.with { service, _ in
      let work = try await service.createTodo(
        NewTodo(title: "Report", priority: .p1, tags: ["work"]))
      _ = try await service.createTodo(NewTodo(title: "Milk", tags: ["errands"]))
      let urgent = try await service.createSavedFilter(named: " Urgent work ", query: "#work & p1")
      #expect(urgent.name == "Urgent work")
      _ = try await service.createSavedFilter(named: "Errands", query: "#errands")
      #expect(try await service.savedFilters().map(\.name) == ["Urgent work", "Errands"])
      #expect(try await service.todos(savedFilter: urgent.id).map(\.id) == [work.id])

      #expect(
        await refusedField {
          _ = try await service.createSavedFilter(named: "urgent WORK", query: "p1")
        } == "name")
      #expect(
        await refusedField {
          _ = try await service.createSavedFilter(named: "Broken", query: "#work &")
        } == "filter")
      #expect(
        await refusedField { _ = try await service.createSavedFilter(named: " ", query: "p1") }
          == "name")

      let changed = try await service.updateSavedFilter(id: urgent.id, query: "#errands | p1")
      #expect(try await service.todos(savedFilter: changed.id).count == 2)
      #expect(
        await refusedField {
          _ = try await service.updateSavedFilter(id: urgent.id, name: "Errands")
        } == "name")
      try await service.deleteSavedFilter(id: urgent.id)
      #expect(try await service.savedFilters().map(\.name) == ["Errands"])
      // The todos stay.
      #expect(try await service.todos(inList: TodoList.inboxID).count == 2)
    }
  }

  @Test("each person sees only their own; the first account takes the local user's")
  func perPerson() async throws {
    try await TemporaryStore.with { service, _ in
      let local = try await service.createSavedFilter(named: "Today", query: "today")
      let (ann, _, asAnn, asBob) = try await service.twoPeople()
      #expect(try await asAnn.savedFilters().map(\.id) == [local.id])
      #expect(try await asBob.savedFilters().isEmpty)
      // Bob cannot read, change or delete Ann's: it does not exist for him.
      await #expect(throws: TodoError.notFound(entity: "filter", id: local.id.uuidString)) {
        _ = try await asBob.todos(savedFilter: local.id)
      }
      await #expect(throws: TodoError.self) {
        _ = try await asBob.updateSavedFilter(id: local.id, name: "Mine")
      }
      await #expect(throws: TodoError.self) { try await asBob.deleteSavedFilter(id: local.id) }
      // Bob may use the same name.
      _ = try await asBob.createSavedFilter(named: "Today", query: "today")
      _ = try await service.removeAccount(id: ann.id)
      #expect(try await asBob.savedFilters().count == 1)
    }
  }
}
