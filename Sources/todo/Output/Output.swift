import Foundation
import TodoCore

/// Printing results: tables and one-line confirmations for people, JSON for programs.
enum Output {
  /// The encoder of `--json` output: the API's shapes, ISO 8601 dates, sorted keys.
  static let encoder: JSONEncoder = {
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .iso8601
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return encoder
  }()

  /// Prints `value` as JSON on stdout.
  static func json(_ value: some Encodable) throws {
    Console.output(String(decoding: try encoder.encode(value), as: UTF8.self))
  }

  /// Prints a numbered table of todos (or a note when there are none) and saves the numbers
  /// so that later commands can name the todos by them.
  ///
  /// - Parameters:
  ///   - todos: The todos, in the order they are numbered.
  ///   - source: The listing command, named in errors about numbers.
  ///   - backend: The backend whose numbers file is replaced.
  ///   - empty: What to print when there are no todos.
  ///   - trashedLists: Lists that are not live but whose names the table needs.
  static func numberedTable(
    _ todos: [TodoItem], source: String, backend: any TodoBackend, empty: String,
    trashedLists: [TodoList] = [], outline: TodoTable.Outline? = nil
  ) async throws {
    try ListingNumbers(source: source, ids: todos.map(\.id)).save(to: backend.numbersFile)
    guard !todos.isEmpty else {
      Console.output(empty)
      return
    }
    let lists = try await backend.lists() + trashedLists
    let names = Dictionary(lists.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
    // Whom todos are assigned to: the members of their lists, read only when one is.
    var people: [UUID: String] = [:]
    for listID in Set(todos.filter { $0.assigneeID != nil }.map(\.listID)) {
      for member in try await backend.members(ofList: listID) {
        people[member.accountID] = member.name
      }
    }
    var table = TodoTable(
      todos: todos, listNames: names, showsList: Set(todos.map(\.listID)).count > 1, now: Date(),
      color: Console.usesColor, width: Console.terminalWidth, outline: outline)
    table.assigneeNames = people
    for line in table.lines() { Console.output(line) }
  }

  /// Prints what a command did to one todo: the JSON of the todo, or `Done: Buy milk (1a2b3c4d)`.
  static func changed(_ todo: TodoItem, verb: String, json: Bool) throws {
    if json {
      try Output.json(todo)
    } else {
      Console.output("\(verb): \(todo.title) (\(todo.shortID))" + Self.timing(of: todo))
    }
  }

  /// When a todo is due, starts and how it repeats, then its priority and tags, as a person
  /// reads them after its title: " — every Monday 09:00, next 30 Nov 2026",
  /// " — due 1 Dec 2026, starts 28 Nov 2026, P1", " — someday, #garden"; empty when none.
  static func timing(of todo: TodoItem) -> String {
    var words: [String] = []
    if let recurrence = todo.recurrence {
      words.append(recurrence.label(at: todo.deadline))
      if let deadline = todo.deadline { words.append("next \(deadline.displayText)") }
    } else if let deadline = todo.deadline {
      words.append("due \(deadline.displayText)")
    }
    if let start = todo.start { words.append("starts \(start.displayText)") }
    if todo.isSomeday { words.append("someday") }
    if let priority = todo.priority { words.append(priority.label) }
    words += todo.tagNames.map { "#" + $0 }
    return words.isEmpty ? "" : " — " + words.joined(separator: ", ")
  }

  /// Prints what a command did to one list: its JSON, or `Renamed list: Groceries`.
  static func changed(_ list: TodoList, verb: String, json: Bool) throws {
    if json {
      try Output.json(list)
    } else {
      Console.output("\(verb): \(list.name)")
    }
  }
}
