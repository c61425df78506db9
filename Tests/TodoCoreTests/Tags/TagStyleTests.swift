import Foundation
import Testing

@testable import TodoCore

@Suite("Tag colours, per person, and the page's tag form")
struct TagStyleTests {
  @Test(
    "a colour is set, changed and taken away; a rename takes it along, a merge keeps the other's")
  func colours() async throws {
    try await TemporaryStore.with { service, _ in
      _ = try await service.createTodo(NewTodo(title: "Report", tags: ["work"]))
      _ = try await service.createTodo(NewTodo(title: "Shop", tags: ["errands"]))
      try await service.setTagColor("#Work", .teal)
      #expect(try await service.tagColors() == ["work": .teal])
      try await service.setTagColor("work", .red)
      #expect(try await service.tagColors() == ["work": .red])

      // Renamed in the page's form: the colour goes with the name.
      #expect(try await service.editTag("work", renamingTo: "job", color: .red) == 1)
      #expect(try await service.tagColors() == ["job": .red])
      #expect(try await service.todos(filter: "#job").map(\.title) == ["Report"])
      // Merged onto a tag with a colour of its own: that one stays.
      try await service.setTagColor("errands", .blue)
      #expect(try await service.renameTag("job", to: "errands") == 1)
      #expect(try await service.tagColors() == ["errands": .blue])
      // The colour alone, then none.
      #expect(try await service.editTag("errands", renamingTo: "errands", color: .green) == 0)
      #expect(try await service.tagColors() == ["errands": .green])
      try await service.editTag("errands", renamingTo: "errands", color: nil)
      #expect(try await service.tagColors() == [:])
      await #expect(throws: TodoError.self) { try await service.setTagColor("  ", .red) }
    }
  }

  @Test("a colour reaches the sidebar's counts without counting every filter again")
  func colourKeepsTheCounts() async throws {
    try await TemporaryStore.with { service, _ in
      _ = try await service.createTodo(NewTodo(title: "Report", tags: ["work"]))
      _ = try await service.createSavedFilter(named: "Work", query: "#work")
      let day = AgendaDay(now: service.now(), calendar: service.zoneCalendar)
      var values = service.observeViewCounts(day: day).values.makeAsyncIterator()
      let first = try #require(try await values.next())
      #expect(first.counts.values.sorted() == [1])

      try await service.setTagColor("work", .teal)
      let coloured = try #require(try await values.next())
      #expect(coloured.colors == ["work": .teal])
      #expect(coloured.counts == first.counts)
      // The same setup after it: the filters' observations went on (a page's shown query too).
      _ = try await service.createTodo(NewTodo(title: "Plan", tags: ["work"]))
      var counted = try #require(try await values.next())
      while counted.counts.values.sorted() != [2] {
        counted = try #require(try await values.next())
      }
      #expect(counted.setup == first.setup)
      #expect(counted.colors == ["work": .teal])

      _ = try await service.createSavedFilter(named: "All", query: "status: not started")
      var refiltered = try #require(try await values.next())
      while refiltered.counts.count < 2 { refiltered = try #require(try await values.next()) }
      #expect(refiltered.setup > first.setup)
      #expect(refiltered.colors == ["work": .teal])
    }
  }

  @Test("each person colours tags for themselves")
  func perPerson() async throws {
    try await TemporaryStore.with { service, _ in
      let (_, _, asAnn, asBob) = try await service.twoPeople()
      try await asAnn.setTagColor("work", .pink)
      #expect(try await asAnn.tagColors() == ["work": .pink])
      #expect(try await asBob.tagColors() == [:])
      #expect(try await service.tagColors() == [:])
    }
  }
}
