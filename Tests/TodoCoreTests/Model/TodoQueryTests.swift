import Foundation
import Persistence
import Testing

@testable import TodoCore

/// The filter language: what it reads, where it says a text is wrong, and which todos a filter
/// shows on a given day.
@Suite("Filter language")
struct TodoQueryTests {
  static let utc: Calendar = {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    return calendar
  }()
  /// Thursday 2026-01-01 at 10:00 UTC.
  static let day = AgendaDay(now: Date(timeIntervalSince1970: 1_767_261_600), calendar: utc)
  static let work = UUID()
  static let context = TodoQuery.Context(
    day: day, listNames: [TodoList.inboxID: "Inbox", work: "Work Stuff"])

  static func todo(
    _ title: String, due: String? = nil, status: TodoStatus = .notStarted,
    priority: Priority? = nil, tags: [String] = [], list: UUID = TodoList.inboxID,
    notes: String = ""
  ) throws -> Todo {
    Todo(
      listID: list, title: title, notes: notes, deadline: try due.map(Deadline.init(parsing:)),
      status: status, order: try OrderKey.between(nil, nil), createdAt: Date(),
      updatedAt: Date(), priority: priority, tags: tags)
  }

  static func shown(_ text: String, _ todos: [Todo]) throws -> [String] {
    let query = try TodoQuery(parsing: text)
    return todos.filter { query.matches($0, in: context) }.map(\.title)
  }

  @Test("terms, operators and their precedence read as written")
  func reading() throws {
    #expect(try TodoQuery(parsing: "today | overdue") == .or([.today, .overdue]))
    #expect(try TodoQuery(parsing: "#work & p1") == .and([.tag("work"), .priority(.p1)]))
    #expect(
      try TodoQuery(parsing: "!no date & today | #a")
        == .or([.and([.not(.noDate), .today]), .tag("a")]))
    #expect(
      try TodoQuery(parsing: "(today|overdue)&#a") == .and([.or([.today, .overdue]), .tag("a")]))
    #expect(try TodoQuery(parsing: "due before: +7d") == .due(.before, .fromToday(7)))
    #expect(try TodoQuery(parsing: "due after:-2w") == .due(.after, .fromToday(-14)))
    #expect(
      try TodoQuery(parsing: "DUE: 2026-01-05") == .due(.on, .date(year: 2026, month: 1, day: 5)))
    #expect(
      try TodoQuery(parsing: "list: Work Stuff & p2")
        == .and([.list("Work Stuff"), .priority(.p2)]))
    #expect(try TodoQuery(parsing: #"list: "Tom & Jerry""#) == .list("Tom & Jerry"))
    #expect(try TodoQuery(parsing: "status: in progress") == .status(.inProgress))
    #expect(try TodoQuery(parsing: "search: oat milk") == .search("oat milk"))
    #expect(try TodoQuery(parsing: "no priority") == .priority(nil))
  }

  @Test("a wrong text says where and what was expected")
  func errors() throws {
    for (text, message) in [
      ("", "at 1: expected a term"),
      ("today &", "at 8: expected a term"),
      ("today overdue", #"at 7: expected & or |, found "overdue""#),
      ("(today | overdue", "at 17: expected & or | or a closing ), found the end"),
      (
        "due before: soon",
        #"at 13: expected a day (today, tomorrow, +7d, -3d, +2w or 2026-12-01), found "soon""#
      ),
      ("due soon", #"at 5: expected before:, after: or : after due, found "soon""#),
      ("no time", #"at 4: expected date, priority or assignee after no, found "time""#),
      (
        "status: maybe",
        #"at 9: expected a status (not started, in progress or done), found "maybe""#
      ),
      ("p5", #"at 1: expected a term"#),
      ("# & today", "at 2: expected a tag's name after #"),
      (#"list: "Groceries"#, #"at 7: expected a closing " for the quote that starts here"#),
      ("today)", "at 6: expected a term before ), found \")\""),
    ] {
      let refusal = PriorityAndTagsTests.refusal { _ = try TodoQuery(parsing: text) }
      guard case .validation(let field, let found)? = refusal else {
        Issue.record("\(text) was read")
        continue
      }
      #expect(field == "filter")
      #expect(found.hasPrefix(message), "\(text): \(found)")
    }
    #expect(throws: TodoError.self) {
      _ = try TodoQuery(parsing: String(repeating: "(", count: 100) + "today")
    }
    #expect(throws: TodoError.self) { _ = try TodoQuery(parsing: "today\u{0}") }
  }

  @Test("which todos a filter shows, open ones unless it names a status")
  func matching() throws {
    let todos = [
      try Self.todo("Due today", due: "2026-01-01", priority: .p1, tags: ["work"]),
      try Self.todo("Late", due: "2025-12-30", tags: ["Work"]),
      try Self.todo("Earlier today", due: "2026-01-01T09:00"),
      try Self.todo("Tomorrow", due: "2026-01-02", priority: .p2, list: Self.work),
      try Self.todo("Next week", due: "2026-01-08"),
      try Self.todo("Undated", tags: ["home"], notes: "oat milk"),
      try Self.todo("Done today", due: "2026-01-01", status: .done, tags: ["work"]),
      try Self.todo("Started", status: .inProgress, list: Self.work),
    ]
    #expect(try Self.shown("today", todos) == ["Due today", "Earlier today"])
    #expect(try Self.shown("overdue", todos) == ["Late", "Earlier today"])
    #expect(try Self.shown("today | overdue", todos) == ["Due today", "Late", "Earlier today"])
    #expect(try Self.shown("tomorrow", todos) == ["Tomorrow"])
    #expect(try Self.shown("#work", todos) == ["Due today", "Late"])
    #expect(try Self.shown("#work & p1", todos) == ["Due today"])
    #expect(
      try Self.shown("due before: +7d", todos) == [
        "Due today", "Late", "Earlier today", "Tomorrow",
      ])
    #expect(try Self.shown("due: +7d", todos) == ["Next week"])
    #expect(try Self.shown("due after: 2026-01-02", todos) == ["Next week"])
    #expect(try Self.shown("no date", todos) == ["Undated", "Started"])
    #expect(
      try Self.shown("no priority & !no date", todos) == [
        "Late", "Earlier today", "Next week",
      ])
    #expect(try Self.shown("list: work stuff", todos) == ["Tomorrow", "Started"])
    #expect(try Self.shown("status: in progress", todos) == ["Started"])
    #expect(try Self.shown("status: done | #home", todos) == ["Undated", "Done today"])
    #expect(try Self.shown("search: MILK", todos) == ["Undated"])
    #expect(
      try Self.shown("!(#work | no date)", todos) == [
        "Earlier today", "Tomorrow", "Next week",
      ])
  }

  @Test("the store's SQL and memory show the same todos for every query", .timeLimit(.minutes(1)))
  func storeAgreesWithMemory() async throws {
    try await TemporaryStore.with { service, _ in
      let work = try await service.createList(named: "Work Stuff")
      var random = LinearCongruential(seed: 31)
      let days =
        ["2025-12-30", "2026-01-01", "2026-01-01T09:00", "2026-01-01T11:00", "2026-01-02"]
        + ["2026-01-08", "2026-01-09T23:59", "0001-01-01", "9999-12-31"]
      let tags = [["work"], ["Work", "home"], ["errands"], [], ["ÉTÉ"]]
      let notes = ["", "oat MILK", "été", "Straße"]
      for index in 0..<120 {
        let draft = NewTodo(
          title: ["Milk \(index)", "Report \(index)", "ÉTÉ \(index)"][random.next(below: 3)],
          listID: random.next(below: 3) == 0 ? work.id : TodoList.inboxID,
          deadline: random.next(below: 4) == 0
            ? nil : try Deadline(parsing: days[random.next(below: days.count)]),
          status: TodoStatus.allCases[random.next(below: TodoStatus.allCases.count)],
          priority: random.next(below: 3) == 0
            ? nil : Priority.allCases.randomElement(using: &random),
          tags: tags[random.next(below: tags.count)])
        var todo = try await service.createTodo(draft)
        let text = notes[random.next(below: notes.count)]
        if !text.isEmpty {
          todo = try await service.updateTodo(id: todo.id, TodoPatch(notes: text))
        }
      }
      let queries = [
        "today", "tomorrow", "overdue", "no date", "today | overdue", "#work & p1", "#été",
        "due before: +7d", "due after: 2026-01-02", "due: 2026-01-01", "due before: 0001-01-01",
        "due after: 9999-12-31", "no priority", "!no priority", "list: WORK STUFF",
        "status: done", "status: in progress | p2", "search: milk", "search: ÉTÉ",
        "search: STRASSE | search: straße", "!(#work | no date)", "!today & !overdue", "!#work",
        "!p1 & !p2",
      ]
      let day = AgendaDay(now: service.now(), calendar: service.zoneCalendar)
      let (lists, all) = try await service.read { tx in
        (try service.visibleLists(in: tx), try tx.fetch(TodoService.liveTodosByList))
      }
      let context = TodoQuery.Context(
        day: day, listNames: Dictionary(uniqueKeysWithValues: lists.map { ($0.id, $0.name) }))
      for text in queries {
        let query = try TodoQuery(parsing: text)
        let stored = try await service.read { tx in
          try tx.fetch(TodoService.request(for: query, day: day, lists: lists, me: nil))
        }
        let filter = query.filter(in: context)
        let inMemory = all.filter(filter.matches)
        #expect(Set(stored.map(\.id)) == Set(inMemory.map(\.id)), "\(text)")
        #expect(!inMemory.isEmpty || text.contains("0001") || text.contains("9999"), "\(text)")
      }
    }
  }
}
