import Foundation
import ICalendar
import Persistence
import Testing

@testable import TodoCore

/// Priorities and tags in the store: the rules, the patch, the quick entry, iCalendar's
/// `PRIORITY` and `CATEGORIES` both ways, and a Todoist file's priorities and labels.
@Suite("Priority and tags")
struct PriorityAndTagsTests {
  /// The error `body` throws, if any.
  static func refusal(_ body: () throws -> Void) -> TodoError? {
    do {
      try body()
      return nil
    } catch {
      return error as? TodoError
    }
  }

  @Test("priorities read P1…P4, 1…4 and !1…!4; iCalendar's 1–9 map to the groups RFC 5545 gives")
  func priorities() throws {
    #expect(try Priority(parsing: "p1") == .p1)
    #expect(try Priority(parsing: "P4") == .p4)
    #expect(try Priority(parsing: " 2 ") == .p2)
    #expect(try Priority(parsing: "!3") == .p3)
    for bad in ["", "0", "5", "p", "p12", "high"] {
      #expect(throws: TodoError.self) { _ = try Priority(parsing: bad) }
    }
    let read = (0...10).map { Priority(iCalendar: $0) }
    #expect(read == [nil, .p1, .p2, .p2, .p2, .p3, .p4, .p4, .p4, .p4, nil])
    #expect(Priority.allCases.map(\.iCalendarValue) == [1, 3, 5, 9])
    // What is written reads back as the same level.
    for priority in Priority.allCases {
      #expect(Priority(iCalendar: priority.iCalendarValue) == priority)
    }
  }

  @Test("tags are words, each once without case, a leading # dropped, at most 60 and 30")
  func tagRules() throws {
    #expect(
      try TodoValidation.tags(["#work", "Errands", "WORK", " home "]) == [
        "work", "Errands", "home",
      ])
    #expect(
      try TodoValidation.tags(reading: "#work errands, home,,") == ["work", "errands", "home"])
    for bad in [
      ["two words"], ["a#b"], ["a,b"], ["a/b"], ["#"], [String(repeating: "x", count: 61)],
    ] {
      #expect(
        Self.refusal { _ = try TodoValidation.tags(bad) }?.validationField == "tags", "\(bad)")
    }
    #expect(throws: TodoError.self) { _ = try TodoValidation.tags(["a\u{7}"]) }
    #expect(throws: TodoError.self) { _ = try TodoValidation.tags((1...31).map { "t\($0)" }) }
    #expect(try TodoValidation.tags((1...30).map { "t\($0)" }).count == 30)
  }

  @Test("a todo keeps its priority and tags across a reopen; a patch sets, removes and replaces")
  func stored() async throws {
    let store = try TemporaryStore()
    defer { store.remove() }
    var service = try await store.open()
    let todo = try await service.createTodo(
      NewTodo(title: "Report", priority: .p2, tags: ["work", "#Q3", "work"]))
    #expect(todo.priority == .p2 && todo.tagNames == ["work", "Q3"])
    let plain = try await service.createTodo(NewTodo(title: "Plain"))
    #expect(plain.priority == nil && plain.tags == nil && plain.tagNames.isEmpty)
    try service.close()

    service = try await store.open()
    defer { try? service.close() }
    #expect(try await service.todo(id: todo.id).priority == .p2)
    #expect(try await service.todo(id: todo.id).tagNames == ["work", "Q3"])

    let urgent = try await service.updateTodo(
      id: todo.id, TodoPatch(priority: .some(.p1), tags: ["home"]),
      expectedVersion: todo.version)
    #expect(urgent.priority == .p1 && urgent.tagNames == ["home"])
    #expect(urgent.version > todo.version)
    let cleared = try await service.updateTodo(
      id: todo.id, TodoPatch(priority: .some(nil), tags: []))
    #expect(cleared.priority == nil && cleared.tags == nil)
    // A refused tag changes nothing, and names the field.
    do {
      _ = try await service.updateTodo(id: todo.id, TodoPatch(title: "New", tags: ["a b"]))
      Issue.record("a tag with a space was taken")
    } catch let error as TodoError {
      #expect(error.validationField == "tags")
    }
    #expect(try await service.todo(id: todo.id) == cleared)
  }

  @Test("tags are counted across lists; renaming one changes every todo at once, or merges")
  func rename() async throws {
    try await TemporaryStore.with { service, _ in
      let errands = try await service.createList(named: "Errands")
      let a = try await service.createTodo(NewTodo(title: "A", tags: ["work", "home"]))
      let b = try await service.createTodo(NewTodo(title: "B", listID: errands.id, tags: ["Work"]))
      let c = try await service.createTodo(NewTodo(title: "C", tags: ["job", "work"]))
      let done = try await service.createTodo(
        NewTodo(title: "Done", status: .done, tags: ["archive"]))
      let trashed = try await service.createTodo(NewTodo(title: "T", tags: ["work"]))
      _ = try await service.trashTodo(id: trashed.id)
      #expect(
        try await service.tags() == [
          TagCount(name: "archive", open: 0), TagCount(name: "home", open: 1),
          TagCount(name: "job", open: 1), TagCount(name: "work", open: 3),
        ])

      #expect(try await service.renameTag("#WORK", to: "job") == 4)
      #expect(try await service.todo(id: a.id).tagNames == ["job", "home"])
      #expect(try await service.todo(id: b.id).tagNames == ["job"])
      #expect(try await service.todo(id: c.id).tagNames == ["job"], "merged, once")
      #expect(try await service.todo(id: b.id).version > b.version)
      #expect(try await service.trash().todos.first { $0.id == trashed.id }?.tagNames == ["job"])
      #expect(try await service.todo(id: done.id) == done, "a todo without the tag is untouched")
      #expect(
        try await service.tags() == [
          TagCount(name: "archive", open: 0), TagCount(name: "home", open: 1),
          TagCount(name: "job", open: 3),
        ])

      await #expect(throws: TodoError.notFound(entity: "tag", id: "work")) {
        _ = try await service.renameTag("work", to: "x")
      }
      do {
        _ = try await service.renameTag("job", to: "two words")
        Issue.record("a two-word tag was taken")
      } catch let error as TodoError {
        #expect(error.validationField == "tags")
      }
      #expect(try await service.todo(id: a.id).tagNames == ["job", "home"])
    }
  }

  @Test("an older store's kept PRIORITY and CATEGORIES become the todo's; a removal here sticks")
  func olderStores() async throws {
    let store = try TemporaryStore()
    defer { store.remove() }
    var service = try await store.open()
    let todo = try await service.createTodo(NewTodo(title: "Report"))
    // What a server before priorities and tags kept of a client's todo.
    _ = try await service.container.write { tx in
      try tx.insert(
        CalendarData(
          id: todo.id, uid: "report",
          kept: "BEGIN:VTODO\r\nPRIORITY:2\r\nCATEGORIES:Work,Q3\r\nEND:VTODO\r\n"))
    }
    try service.close()
    service = try await store.open()
    let adopted = try await service.todo(id: todo.id)
    #expect(adopted.priority == .p2 && adopted.tagNames == ["Work", "Q3"])

    _ = try await service.updateTodo(id: todo.id, TodoPatch(priority: .some(nil)))
    try service.close()
    service = try await store.open()
    defer { try? service.close() }
    let after = try await service.todo(id: todo.id)
    #expect(after.priority == nil && after.tagNames == ["Work", "Q3"])
    let kept = try await service.container.read { tx in
      try tx.object(CalendarData.self, id: todo.id)?.kept
    }
    #expect(kept?.contains("PRIORITY") == false, "the stale line was dropped")
    #expect(kept?.contains("CATEGORIES:Work,Q3") == true, "the line still said the tags")
  }

  @Test("a tag's filter finds exactly the todos with that tag, in SQL and in memory")
  func tagFilter() async throws {
    try await TemporaryStore.with { service, _ in
      let work = try await service.createTodo(NewTodo(title: "A", tags: ["Work"]))
      let both = try await service.createTodo(NewTodo(title: "B", tags: ["home", "work"]))
      let workshop = try await service.createTodo(NewTodo(title: "C", tags: ["workshop"]))
      _ = try await service.createTodo(NewTodo(title: "D", notes: "#work#", tags: []))
      let found = try await service.container.read { tx in
        try tx.fetch(FetchRequest<Todo>(filter: Todo.tagged("work"))).map(\.id)
      }
      #expect(Set(found) == [work.id, both.id])
      #expect(work.hasTag("WORK") && both.hasTag("work") && !workshop.hasTag("work"))
      #expect(workshop.hasTag("workshop") && !workshop.hasTag("shop"))
    }
  }

  @Test("quick entry reads #tags and !1…!4 anywhere, beside a date; #1 and a lone tag stay")
  func quickEntry() throws {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    let now = Date(timeIntervalSince1970: 1_767_225_600)  // Thursday 2026-01-01
    let entry = QuickEntry(
      parsing: "Buy milk #errands tomorrow !1 #Shop", now: now, calendar: calendar)
    #expect(entry.title == "Buy milk")
    #expect(entry.tags == ["errands", "Shop"] && entry.priority == .p1)
    #expect(entry.deadline == (try Deadline(parsing: "2026-01-02")))
    #expect(entry.phrase == "tomorrow")

    let undated = QuickEntry(parsing: "Call the bank !2 #money", now: now, calendar: calendar)
    #expect(undated.title == "Call the bank" && undated.deadline == nil)
    #expect(undated.priority == .p2 && undated.tags == ["money"])

    let numbered = QuickEntry(parsing: "Win #1 spot !5", now: now, calendar: calendar)
    #expect(numbered.title == "Win #1 spot !5" && numbered.tags.isEmpty && numbered.priority == nil)

    let lone = QuickEntry(parsing: "#work", now: now, calendar: calendar)
    #expect(lone.title == "#work" && lone.tags.isEmpty)

    // A tag inside a date phrase ends it: "friday" is the day, "#x" a tag, "9:00" the time.
    let split = QuickEntry(parsing: "Gym friday #x 9:00", now: now, calendar: calendar)
    #expect(split.title == "Gym" && split.tags == ["x"])
    #expect(split.deadline == (try Deadline(parsing: "2026-01-02T09:00")))

    let kept = QuickEntry(
      parsing: "Pay tomorrow #bills", now: now, calendar: calendar, readingDates: false)
    #expect(kept.title == "Pay tomorrow" && kept.tags == ["bills"] && kept.deadline == nil)
  }

  @Test("PRIORITY and CATEGORIES are read into the todo, and a client's own lines come back")
  func calendar() throws {
    let text = """
      BEGIN:VCALENDAR
      VERSION:2.0
      PRODID:-//test//EN
      BEGIN:VTODO
      UID:abc
      SUMMARY:Report
      PRIORITY:2
      CATEGORIES:Work Stuff,home
      CATEGORIES:#q3
      END:VTODO
      END:VCALENDAR
      """
    let component = try #require(
      Component.parse(text.replacingOccurrences(of: "\n", with: "\r\n")).first?.components.first)
    let vtodo = try #require(TodoComponent(component))
    let id = UUID()
    let fields = try TodoCalendar.fields(of: vtodo, id: id)
    #expect(fields.priority == .p2)
    #expect(fields.tags == ["Work-Stuff", "home", "q3"])

    var todo = Todo(
      id: id, listID: UUID(), title: "Report", order: try OrderKey.between(nil, nil),
      createdAt: Date(), updatedAt: Date())
    todo = try todo.applying(fields.patch, at: Date())
    #expect(todo.priority == .p2 && todo.tagNames == ["Work-Stuff", "home", "q3"])

    // Unchanged: the client's lines, as it wrote them.
    var back = TodoCalendar.component(of: todo, data: fields.data, now: Date()).component
    #expect(back.properties(named: "PRIORITY").map(\.value) == ["2"])
    #expect(back.properties(named: "CATEGORIES").map(\.value) == ["Work Stuff,home", "#q3"])

    // Changed here: the app's lines.
    todo = try todo.applying(TodoPatch(priority: .some(.p1), tags: ["home"]), at: Date())
    back = TodoCalendar.component(of: todo, data: fields.data, now: Date()).component
    #expect(back.properties(named: "PRIORITY").map(\.value) == ["1"])
    #expect(back.properties(named: "CATEGORIES").map(\.textListValue) == [["home"]])

    todo = try todo.applying(TodoPatch(priority: .some(nil), tags: []), at: Date())
    back = TodoCalendar.component(of: todo, data: fields.data, now: Date()).component
    #expect(back.properties(named: "PRIORITY").isEmpty)
    #expect(back.properties(named: "CATEGORIES").isEmpty)

    // A todo made here writes its own.
    let made = Todo(
      listID: UUID(), title: "New", order: try OrderKey.between(nil, nil), createdAt: Date(),
      updatedAt: Date(), priority: .p3, tags: ["a", "b,c"])
    let written = TodoCalendar.component(of: made, data: nil, now: Date()).component
    #expect(written.properties(named: "PRIORITY").map(\.value) == ["5"])
    #expect(written.properties(named: "CATEGORIES").flatMap(\.textListValue) == ["a", "b,c"])
  }

  @Test("a Todoist file's priorities and @labels become the todos' priorities and tags")
  func todoist() async throws {
    let csv = """
      TYPE,CONTENT,DESCRIPTION,PRIORITY,INDENT
      task,Buy milk @errands @shop,,4,1
      task,Write report @work,,3,1
      task,Read,,2,1
      task,Sleep,,1,1
      task,Email me@example.com,,1,1
      """
    try await TemporaryStore.with { service, _ in
      _ = try await service.importTodoist(csv, calendar: Calendar(identifier: .gregorian))
      let todos = try await service.todos(inList: TodoList.inboxID)
      #expect(
        todos.map(\.title) == ["Buy milk", "Write report", "Read", "Sleep", "Email me@example.com"])
      #expect(todos.map(\.priority) == [.p1, .p2, .p3, nil, nil])
      #expect(todos.map(\.tagNames) == [["errands", "shop"], ["work"], [], [], []])
    }
  }
}
