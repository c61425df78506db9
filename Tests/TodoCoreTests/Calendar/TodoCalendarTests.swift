import Foundation
import ICalendar
import Persistence
import Testing

@testable import TodoCore

@Suite("iCalendar import and export: the app's fields mapped, everything else kept")
struct TodoCalendarTests {
  static func fixture(_ name: String) throws -> String {
    let url = try #require(
      Bundle.module.url(
        forResource: name, withExtension: "ics", subdirectory: "Fixtures/icalendar"))
    return try String(contentsOf: url, encoding: .utf8)
  }

  /// The one VTODO of an exported calendar.
  static func exportedTodo(_ text: String) throws -> Component {
    let calendar = try #require(try Component.parse(text).first)
    return try #require(calendar.components(named: "VTODO").first)
  }

  @Test("an Apple Reminders todo: fields read, its DUE, alarm and unknown properties written back")
  func appleRoundTrip() async throws {
    try await SettableClock.with { service, _ in
      let text = try Self.fixture("apple-reminders")
      let original = try #require(
        try Component.parse(text).first?.components(named: "VTODO").first)
      let result = try await service.importCalendar(text)
      #expect(result == CalendarImport(added: 1, updated: 0, skipped: []))
      let todo = try #require(try await service.todos(inList: TodoList.inboxID).first)
      #expect(todo.title == "Buy milk")
      #expect(todo.notes.hasPrefix("Oat milk, not the sweetened one.\nAlso check"))
      #expect(todo.deadline == (try Deadline(year: 2026, month: 11, day: 24, hour: 9, minute: 0)))
      #expect(todo.status == .notStarted)

      let exported = try Self.exportedTodo(try await service.exportCalendar())
      // What the app does not model comes back as it was, in its order.
      for name in ["PRIORITY", "RELATED-TO", "X-APPLE-SORT-ORDER", "DTSTART", "SEQUENCE"] {
        #expect(exported.properties(named: name) == original.properties(named: name), "\(name)")
      }
      #expect(exported.components == original.components)
      #expect(exported.property(named: "DUE") == original.property(named: "DUE"))
      #expect(exported.property(named: "UID") == original.property(named: "UID"))
      #expect(exported.property(named: "SUMMARY") == original.property(named: "SUMMARY"))
      #expect(exported.property(named: "DESCRIPTION") == original.property(named: "DESCRIPTION"))
      // The time zone its DUE names goes with it.
      let calendar = try #require(try Component.parse(try await service.exportCalendar()).first)
      #expect(
        calendar.components(named: "VTIMEZONE").compactMap { $0.property(named: "TZID")?.value }
          == ["Europe/Berlin"])
    }
  }

  @Test("every client's fixture imports, and its kept lines survive an export")
  func everyClient() async throws {
    for name in ["thunderbird", "tasks-org", "todoman"] {
      try await SettableClock.with { service, _ in
        let text = try Self.fixture(name)
        let original = try #require(
          try Component.parse(text).first?.components(named: "VTODO").first)
        _ = try await service.importCalendar(text)
        let exported = try Self.exportedTodo(try await service.exportCalendar())
        // The repeat is the todo's own now, written before the kept lines.
        let unmapped = { (component: Component) in
          component.properties.filter {
            !TodoCalendar.mapped.contains($0.name.uppercased()) && !$0.hasName("RRULE")
          }
        }
        #expect(unmapped(exported) == unmapped(original), "\(name)")
        #expect(
          exported.properties(named: "RRULE") == original.properties(named: "RRULE"), "\(name)")
        #expect(exported.components == original.components, "\(name)")
        #expect(exported.property(named: "UID") == original.property(named: "UID"), "\(name)")
      }
    }
  }

  @Test("importing the same UID again updates the todo; a changed deadline is written anew")
  func reimportAndChange() async throws {
    try await SettableClock.with { service, _ in
      let text = try Self.fixture("apple-reminders")
      _ = try await service.importCalendar(text)
      let again = try await service.importCalendar(text)
      #expect(again.added == 0 && again.updated == 1)
      let todos = try await service.todos(inList: TodoList.inboxID)
      #expect(todos.count == 1)
      let todo = try #require(todos.first)
      _ = try await service.updateTodo(
        id: todo.id,
        TodoPatch(deadline: try Deadline(year: 2026, month: 12, day: 1), status: .done))
      let exported = try Self.exportedTodo(try await service.exportCalendar())
      #expect(exported.property(named: "DUE")?.description == "DUE;VALUE=DATE:20261201")
      #expect(exported.property(named: "STATUS")?.value == "COMPLETED")
      #expect(exported.property(named: "PERCENT-COMPLETE")?.value == "100")
      #expect(exported.property(named: "COMPLETED") != nil)
      #expect(exported.property(named: "X-APPLE-SORT-ORDER")?.value == "785412306")
    }
  }

  @Test("events are skipped and counted; a broken file imports nothing and names its line")
  func skippedAndRefused() async throws {
    try await SettableClock.with { service, _ in
      let text = """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:-//test//EN\r
        BEGIN:VEVENT\r
        UID:e1\r
        SUMMARY:Dentist\r
        DTSTART:20261124T090000Z\r
        END:VEVENT\r
        BEGIN:VTODO\r
        UID:t1\r
        SUMMARY:Call the dentist\r
        STATUS:IN-PROCESS\r
        END:VTODO\r
        END:VCALENDAR\r

        """
      let result = try await service.importCalendar(text)
      #expect(result.added == 1)
      #expect(result.skipped == ["1 event (VEVENT): this app keeps todos"])
      #expect(try await service.todos(inList: TodoList.inboxID).first?.status == .inProgress)

      let broken = text.replacingOccurrences(of: "SUMMARY:Call the dentist", with: "SUMMARY")
        .replacingOccurrences(of: "UID:t1", with: "UID:t2")
      await #expect(throws: TodoError.self) { try await service.importCalendar(broken) }
      do {
        _ = try await service.importCalendar(broken)
      } catch let TodoError.invalidImport(reason) {
        #expect(reason.hasPrefix("line 11:"), "\(reason)")
      }
      let titled = text.replacingOccurrences(of: "UID:t1", with: "UID:t3")
        .replacingOccurrences(of: "SUMMARY:Call the dentist", with: "SUMMARY:A\\nB")
      await #expect(throws: TodoError.self) { try await service.importCalendar(titled) }
      #expect(try await service.todos(inList: TodoList.inboxID).count == 1)
    }
  }

  @Test("with accounts: a viewer cannot import into the list; another account's UID is left alone")
  func accounts() async throws {
    try await AccessWorld.with { world in
      let text = try Self.fixture("todoman")
      await #expect(
        throws: TodoError.forbidden("list \"Groceries\" is shared with you to read only")
      ) {
        try await world.service(.viewer).importCalendar(text, into: world.groceries.id)
      }
      _ = try await world.service(.owner).importCalendar(text, into: world.diary.id)
      let alices = try await world.service(.owner).todos(inList: world.diary.id)
      // Dave imports the same file (same UID): a todo of his own; Alice's is untouched, and
      // neither sees the other's in an export.
      let dave = world.service(.stranger)
      let result = try await dave.importCalendar(text)
      #expect(result.added == 1 && result.updated == 0)
      #expect(try await world.service(.owner).todos(inList: world.diary.id) == alices)
      let davesExport = try await dave.exportCalendar()
      #expect(try Self.exportedTodo(davesExport).property(named: "UID") != nil)
      let davesTodos = try await dave.search(TodoSearch())
      #expect(
        try Component.parse(davesExport).first?.components(named: "VTODO").count
          == davesTodos.count)
      #expect(!davesTodos.contains { alices.map(\.id).contains($0.id) })
      await #expect(throws: TodoError.notFound(entity: "list", id: world.diary.id.uuidString)) {
        try await dave.exportCalendar(list: world.diary.id)
      }
    }
  }

  @Test("X-APPLE-SORT-ORDER: imported in its order, kept while it holds, renumbered after a move")
  func sortOrder() async throws {
    try await SettableClock.with { service, _ in
      func vtodo(_ uid: String, _ title: String, _ order: Int) -> String {
        "BEGIN:VTODO\r\nUID:\(uid)\r\nSUMMARY:\(title)\r\nX-APPLE-SORT-ORDER:\(order)\r\nEND:VTODO\r\n"
      }
      let text =
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\n"
        + vtodo("c", "Third", 300) + vtodo("a", "First", 100) + vtodo("b", "Second", 200)
        + "END:VCALENDAR\r\n"
      _ = try await service.importCalendar(text)
      let todos = try await service.todos(inList: TodoList.inboxID)
      #expect(todos.map(\.title) == ["First", "Second", "Third"])

      func exported() async throws -> [(String, String)] {
        let calendar = try #require(try Component.parse(try await service.exportCalendar()).first)
        return calendar.components(named: "VTODO").map {
          (
            $0.property(named: "SUMMARY")?.value ?? "",
            $0.property(named: "X-APPLE-SORT-ORDER")?.value ?? ""
          )
        }
      }
      // Unchanged order: the client's own values.
      #expect(try await exported().map(\.1) == ["100", "200", "300"])
      // Moved here: the values follow the new order.
      _ = try await service.moveTodo(id: todos[2].id, to: .top)
      let moved = try await exported()
      #expect(moved.map(\.0) == ["Third", "First", "Second"])
      let values = moved.map { Int($0.1) ?? 0 }
      #expect(values == values.sorted() && Set(values).count == 3, "\(values)")
    }
  }
}
