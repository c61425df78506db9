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
