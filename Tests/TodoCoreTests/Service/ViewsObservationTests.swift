import Foundation
import Testing

@testable import TodoCore

/// The saved filters' live counts and a shown filter's todos (``TodoService/observeViews``):
/// each filter one observed fetch, updated by every commit that changes what it shows, and
/// never showing another person's todos.
@Suite("Saved filters: live views")
struct ViewsObservationTests {
  static let utc = TimeZone(identifier: "UTC")!

  /// The first value of `service`'s views observation (showing `text`) that satisfies
  /// `condition` (``firstValue(of:where:)``).
  static func views(
    _ service: TodoService, showing text: String? = nil,
    when condition: @escaping @Sendable (ViewsObservation) -> Bool
  ) async throws -> ViewsObservation {
    let found = try await firstValue(
      of: service.observeViews(showing: text, timeZone: utc), where: condition)
    return try #require(found, "the views never satisfied the condition")
  }

  @Test("a person's pages share one observation of the counts, in one time zone")
  func sharedByPages() async throws {
    try await TemporaryStore.with { service, _ in
      let urgent = try await service.createSavedFilter(named: "Urgent", query: "p1")
      _ = try await service.createTodo(NewTodo(title: "Report", priority: .p1))
      do {
        var filter = service.observeViews(showing: "p1", timeZone: Self.utc).makeAsyncIterator()
        var tag = service.observeViews(showing: "#errands", timeZone: Self.utc)
          .makeAsyncIterator()
        let tokyo = try #require(TimeZone(identifier: "Asia/Tokyo"))
        var away = service.observeViews(showing: nil, timeZone: tokyo).makeAsyncIterator()
        let shown = try await filter.next()
        let tagged = try await tag.next()
        let counted = try await away.next()
        #expect(service.views.count == 2)
        #expect(shown?.shown?.map(\.title) == ["Report"])
        #expect(shown?.counts == [urgent.id: 1])
        #expect(tagged?.shown == [])
        #expect(tagged?.counts == [urgent.id: 1])
        #expect(counted?.counts == [urgent.id: 1])
      }
      // The last page of a person and zone gone, its observation stops.
      #expect(service.views.count == 0)
    }
  }

  @Test("counts follow every commit, and the shown filter's todos come by list order")
  func liveCounts() async throws {
    try await TemporaryStore.with { service, _ in
      let work = try await service.createList(named: "Work")
      let report = try await service.createTodo(
        NewTodo(title: "Report", listID: work.id, priority: .p1, tags: ["work"]))
      let milk = try await service.createTodo(NewTodo(title: "Milk", tags: ["errands"]))
      let urgent = try await service.createSavedFilter(named: "Urgent", query: "p1")
      let errands = try await service.createSavedFilter(named: "Errands", query: "#errands")
      var value = try await Self.views(service, showing: "p1 | #errands") {
        $0.counts.count == 2
      }
      #expect(value.filters.map(\.name) == ["Urgent", "Errands"])
      #expect(value.counts == [urgent.id: 1, errands.id: 1])
      // The Inbox comes before Work in the sidebar.
      #expect(value.shown?.map(\.title) == ["Milk", "Report"])

      // A todo tagged elsewhere enters the filter; completing one leaves it.
      let eggs = try await service.createTodo(NewTodo(title: "Eggs", listID: work.id))
      _ = try await service.updateTodo(id: eggs.id, TodoPatch(tags: ["errands"]))
      value = try await Self.views(service, showing: "p1 | #errands") {
        $0.counts[errands.id] == 2
      }
      #expect(value.shown?.map(\.title) == ["Milk", "Report", "Eggs"])
      _ = try await service.updateTodo(id: report.id, TodoPatch(status: .done))
      value = try await Self.views(service) { $0.counts[urgent.id] == 0 }
      #expect(value.shown == nil)
      _ = try await service.trashTodo(id: milk.id)
      value = try await Self.views(service) { $0.counts[errands.id] == 1 }

      // A filter changed or deleted changes the sidebar.
      _ = try await service.updateSavedFilter(id: urgent.id, name: "Done", query: "status: done")
      value = try await Self.views(service) { $0.filters.first?.name == "Done" }
      #expect(value.counts[urgent.id] == 1)
      try await service.deleteSavedFilter(id: errands.id)
      value = try await Self.views(service) { $0.filters.count == 1 }
      #expect(value.counts == [urgent.id: 1])
    }
  }

  @Test("a person's filters count and show only the lists they may read")
  func onlyReadableLists() async throws {
    try await AccessWorld.with { world in
      for todo in [world.milk, world.secret, world.davesTodo] {
        _ = try await world.admin.updateTodo(id: todo.id, TodoPatch(priority: .p1))
      }
      for role in Role.allCases {
        let service = world.service(role)
        // A read-only token reads the filters its account saved.
        let writer = world.service(role == .readOnly ? .owner : role)
        let filter = try await writer.createSavedFilter(named: "Urgent", query: "p1")
        let value = try await Self.views(service, showing: "p1") { $0.counts[filter.id] != nil }
        let titles: [String] =
          switch role {
          case .owner, .readOnly: ["Milk", "Secret"]
          case .editor, .viewer: ["Milk"]
          case .stranger: ["Dave's"]
          }
        #expect(value.shown?.map(\.title).sorted() == titles.sorted(), "\(role)")
        #expect(value.counts[filter.id] == titles.count, "\(role)")
        try await writer.deleteSavedFilter(id: filter.id)
      }
    }
  }
}
