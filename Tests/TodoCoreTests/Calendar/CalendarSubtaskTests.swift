import Foundation
import ICalendar
import Testing

@testable import TodoCore

/// Subtasks as calendar clients write them: `RELATED-TO;RELTYPE=PARENT` on the subtask, in
/// any order, both ways.
@Suite("Subtasks over CalDAV and iCalendar")
struct CalendarSubtaskTests {
  static let inbox = TodoList.inboxID

  static func put(
    _ service: TodoService, _ uid: String, _ summary: String, parent: String? = nil
  ) async throws -> CalendarResource {
    let extra = parent.map { ["RELATED-TO;RELTYPE=PARENT:\($0)"] } ?? []
    return try await service.putCalendarResource(
      in: inbox, named: "\(uid).ics",
      text: CalDAVServiceTests.vtodo(uid: uid, summary: summary, extra: extra)
    ).resource
  }

  static func parentLines(_ resource: CalendarResource) -> [String] {
    resource.text.split(separator: "\r\n").filter { $0.hasPrefix("RELATED-TO") }.map(String.init)
  }

  @Test("a subtask sent before its parent waits for it; a parent sent again keeps its subtasks")
  func childFirst() async throws {
    try await TemporaryStore.with { service, _ in
      let child = try await Self.put(service, "child-1", "Pack socks", parent: "trip-1")
      #expect(child.todo.parentID == nil)
      #expect(Self.parentLines(child) == ["RELATED-TO;RELTYPE=PARENT:trip-1"])
      let parent = try await Self.put(service, "trip-1", "Trip")
      #expect(try await service.todo(id: child.todo.id).parentID == parent.todo.id)
      // Tasks.org sends the parent again without RELATED-TO: its subtasks stay.
      _ = try await Self.put(service, "trip-1", "Trip to Lyon")
      #expect(try await service.todo(id: child.todo.id).parentID == parent.todo.id)
      // The subtask sent again without the line is top-level.
      _ = try await Self.put(service, "child-1", "Pack socks")
      #expect(try await service.todo(id: child.todo.id).parentID == nil)
    }
  }

  @Test("a store that kept a waiting subtask's RELATED-TO without its column still nests it")
  func adoptsKeptParentUIDs() async throws {
    try await TemporaryStore.with { service, _ in
      let child = try await Self.put(service, "child-2", "Pack boots", parent: "trip-2")
      // As a store written before the column holds it: the line in the kept text alone.
      try await service.container.write { tx in
        guard var data = try tx.object(CalendarData.self, id: child.todo.id) else { return }
        #expect(data.parentUID == "trip-2")
        data.parentUID = nil
        try tx.update(data)
      }
      #expect(try await service.adoptCalendarParentUIDs() == 1)
      #expect(try await service.adoptCalendarParentUIDs() == 0)
      let parent = try await Self.put(service, "trip-2", "Trip")
      #expect(try await service.todo(id: child.todo.id).parentID == parent.todo.id)
    }
  }

  @Test("nesting here writes RELATED-TO for the client; taking it out drops the client's line")
  func nestedHere() async throws {
    try await TemporaryStore.with { service, _ in
      let parent = try await Self.put(service, "P", "Parent")
      let made = try await service.createTodo(NewTodo(title: "Made here", parentID: parent.todo.id))
      let read = try await service.calendarResource(
        in: Self.inbox, named: "\(made.id.uuidString.lowercased()).ics")
      #expect(Self.parentLines(read) == ["RELATED-TO;RELTYPE=PARENT:P"])
      // A parent made here is known by its identifier.
      let child = try await Self.put(service, "C", "Child", parent: made.id.uuidString.lowercased())
      #expect(child.todo.parentID == made.id)

      let client = try await Self.put(service, "K", "Client child", parent: "P")
      #expect(client.todo.parentID == parent.todo.id)
      _ = try await service.outdentTodo(id: client.todo.id)
      let out = try await service.calendarResource(in: Self.inbox, named: "K.ics")
      #expect(Self.parentLines(out).isEmpty)
      // The parent sent again does not take it back.
      _ = try await Self.put(service, "P", "Parent")
      #expect(try await service.todo(id: client.todo.id).parentID == nil)
    }
  }

  @Test("a cycle a client writes leaves both top-level with their lines kept")
  func cycle() async throws {
    try await TemporaryStore.with { service, _ in
      let a = try await Self.put(service, "A", "A", parent: "B")
      let b = try await Self.put(service, "B", "B", parent: "A")
      let todos = try await service.todos(inList: Self.inbox)
      let parents = Dictionary(uniqueKeysWithValues: todos.map { ($0.id, $0.parentID) })
      // One of them is nested (the first link wins); never both.
      #expect([parents[a.todo.id]!, parents[b.todo.id]!].compactMap { $0 }.count == 1)
      #expect(Self.parentLines(b) == ["RELATED-TO;RELTYPE=PARENT:A"])
    }
  }

  @Test("an iCalendar file's subtasks nest whatever their order in the file")
  func importFile() async throws {
    try await TemporaryStore.with { service, _ in
      let text = [
        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//test//EN",
        "BEGIN:VTODO", "UID:kid", "SUMMARY:Kid", "RELATED-TO;RELTYPE=PARENT:mum", "END:VTODO",
        "BEGIN:VTODO", "UID:mum", "SUMMARY:Mum", "END:VTODO",
        "END:VCALENDAR", "",
      ].joined(separator: "\r\n")
      _ = try await service.importCalendar(text)
      let outline = TodoOutline(try await service.todos(inList: Self.inbox)).rows.map {
        "\($0.level) \($0.todo.title)"
      }
      #expect(outline == ["0 Mum", "1 Kid"])
    }
  }
}
