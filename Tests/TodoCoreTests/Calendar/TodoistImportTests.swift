import Foundation
import ICalendar
import Persistence
import Testing

@testable import TodoCore

@Suite("Todoist CSV import: tasks, sections, notes, dates, priorities, labels and sub-tasks")
struct TodoistImportTests {
  static func fixture() throws -> String {
    let url = try #require(
      Bundle.module.url(
        forResource: "project", withExtension: "csv", subdirectory: "Fixtures/todoist"))
    return try String(contentsOf: url, encoding: .utf8)
  }

  @Test("a project export becomes todos, field by field; what cannot be one day is said")
  func project() async throws {
    try await SettableClock.with { service, clock in
      let result = try await service.importTodoist(try Self.fixture(), calendar: .utcGregorian)
      #expect(result.added == 4)
      #expect(result.skipped.isEmpty)
      let todos = try await service.todos(inList: TodoList.inboxID)
      #expect(todos.map(\.title) == ["Buy milk", "Compare brands", "Water the plants", "Call mum"])
      let milk = todos[0]
      #expect(milk.section == "Dairy")
      #expect(milk.notes == "Oat, not sweetened\n\nCheck the \"best before\" date")
      #expect(milk.deadline == (try Deadline(year: 2026, month: 12, day: 1)))
      #expect(todos[1].section == "Dairy")
      // The indented task is a subtask of the one above it.
      #expect(todos.map(\.parentID) == [nil, milk.id, nil, nil])
      #expect(todos[2].section == "Chores")
      // "every monday", from the first Monday after the clock's day (Thursday 1 January).
      #expect(todos[2].deadline == (try Deadline(year: 2026, month: 1, day: 5)))
      #expect(todos[2].repeatRule == "FREQ=WEEKLY;BYDAY=MO")
      #expect(todos[2].notes.isEmpty)
      // Todoist's priorities (its file's 4 is p1, 1 its default) and @labels.
      #expect(todos.map(\.priority) == [.p1, nil, .p2, .p3])
      #expect(todos.map(\.tagNames) == [["dairy", "shop"], [], ["home"], []])
      // "tomorrow", read against the service's clock (2026-01-01).
      #expect(todos[3].deadline == (try Deadline(year: 2026, month: 1, day: 2)))
      _ = clock

      // Priorities and the sub-task come out as a calendar app reads them.
      let calendar = try #require(try Component.parse(try await service.exportCalendar()).first)
      let vtodos = calendar.components(named: "VTODO")
      let milkUID = try #require(vtodos[0].property(named: "UID")?.value)
      #expect(vtodos[0].property(named: "PRIORITY")?.value == "1")
      #expect(vtodos[1].property(named: "RELATED-TO")?.value == milkUID)
      #expect(
        vtodos[1].property(named: "RELATED-TO")?.parameter(named: "RELTYPE")?.value == "PARENT")
      #expect(vtodos[1].property(named: "PRIORITY") == nil)
      // Todoist's p2 (its file's 3) is P2 here, written as 3 (RFC 5545's high group).
      #expect(vtodos[2].property(named: "PRIORITY")?.value == "3")
    }
  }

  @Test("RESPONSIBLE assigns a task to the member of that name; another name is said")
  func responsible() async throws {
    try await SettableClock.with { service, _ in
      let ann = try await service.createAccount(named: "ann", passwordHash: "x")
      let asAnn = service.acting(as: Principal(ann))
      let list = try await asAnn.createList(named: "Home")
      let csv = """
        TYPE,CONTENT,PRIORITY,INDENT,AUTHOR,RESPONSIBLE,DATE
        task,Mine,1,1,Ann (1),Ann (12345),
        task,Theirs,1,1,Ann (1),Zed (678),
        task,Nobody's,1,1,Ann (1),,

        """
      let result = try await asAnn.importTodoist(csv, into: list.id, calendar: .utcGregorian)
      #expect(result.added == 3)
      #expect(result.skipped == ["responsible Zed: no member of the list, left unassigned"])
      let todos = try await asAnn.todos(inList: list.id)
      #expect(todos.map(\.assigneeID) == [ann.id, nil, nil])
    }
  }

  @Test("a RESPONSIBLE cell is read as its name, without Todoist's user number")
  func person() {
    #expect(TodoistImport.person("Ana (12345)") == "Ana")
    #expect(TodoistImport.person("Ana Lopez") == "Ana Lopez")
    #expect(TodoistImport.person("Team (north)") == "Team (north)")
    #expect(TodoistImport.person("  ") == nil)
  }

  @Test("a title with a line break, a file that is not Todoist's: nothing is imported")
  func refused() async throws {
    try await SettableClock.with { service, _ in
      await #expect(throws: TodoError.self) {
        try await service.importTodoist("name,age\r\nAna,3\r\n", calendar: .utcGregorian)
      }
      // A task whose title has a line break: refused, naming its line.
      let broken = try Self.fixture().replacingOccurrences(
        of: "task,Call mum,", with: "task,\"Call mum\nabout Sunday\",")
      do {
        _ = try await service.importTodoist(broken, calendar: .utcGregorian)
        Issue.record("a title with a line break was imported")
      } catch let TodoError.invalidImport(reason) {
        #expect(reason.hasPrefix("line 9:"), "\(reason)")
      }
      #expect(try await service.todos(inList: TodoList.inboxID).isEmpty)
      await #expect(throws: TodoError.self) {
        try await service.importTodoist("TYPE,CONTENT\r\ntask,\"open", calendar: .utcGregorian)
      }
    }
  }
}
