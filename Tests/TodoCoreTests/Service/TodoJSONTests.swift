import Foundation
import Testing

@testable import TodoCore

/// A list's JSON written straight from the store's rows (`todosJSON`) against its todos
/// encoded as the API encodes them: the same todos, member for member.
@Suite("A list's JSON from its rows")
struct TodoJSONTests {
  /// The todos' JSON as the API's generated code writes it.
  private static func encoded(_ todos: [Todo]) throws -> Data {
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = TimestampFormat.strategy
    encoder.outputFormatting = .withoutEscapingSlashes
    return try encoder.encode(todos)
  }

  private static func objects(_ json: Data) throws -> [NSDictionary] {
    try #require(try JSONSerialization.jsonObject(with: json) as? [NSDictionary])
  }

  @Test("every field, set and unset, escapes and tags included, says what the encoder says")
  func sameAsEncoder() async throws {
    try await TemporaryStore.with { service, _ in
      let (_, bob, asAnn, _) = try await service.twoPeople()
      let list = try await asAnn.createList(named: "Home")
      _ = try await asAnn.share(list: list.id, with: "bob", as: .editor)
      let parent = try await asAnn.createTodo(
        NewTodo(
          title: #"Quote " back \ slash a/b"#, listID: list.id,
          notes: "line\nnext\ttab é 🍎", status: .inProgress, section: "Fruit",
          recurrence: try Recurrence(rule: "FREQ=WEEKLY;BYDAY=MO", mode: .afterCompletion),
          start: try Deadline(year: 2026, month: 3, day: 1), priority: .p1,
          tags: ["work", "ünï", "q\"x"], assigneeID: bob.id))
      _ = try await asAnn.createTodo(
        NewTodo(
          title: "Timed subtask", listID: list.id,
          deadline: try Deadline(year: 2026, month: 3, day: 2, hour: 9, minute: 30),
          status: .done, externalOrder: 7, someday: false, priority: .p4, parentID: parent.id))
      _ = try await asAnn.createTodo(
        NewTodo(title: "ünïcødé", listID: list.id, notes: "\"quoted\"", someday: true))
      _ = try await asAnn.createTodo(
        NewTodo(title: "long", listID: list.id, notes: String(repeating: "\"\n\\é", count: 5_000)))
      _ = try await asAnn.createTodo(NewTodo(title: "plain", listID: list.id))
      _ = try await asAnn.updateTodo(id: parent.id, TodoPatch(title: "Edited once"))

      let todos = try await asAnn.todos(inList: list.id)
      #expect(todos.count == 5)
      let json = Data(try await asAnn.todosJSON(inList: list.id))
      #expect(try Self.objects(json) == Self.objects(try Self.encoded(todos)))
      #expect(try JSONDecoder.api.decode([Todo].self, from: json) == todos)
      let first = try #require(try Self.objects(json).first)
      #expect(first["tags"] as? [String] == ["work", "ünï", "q\"x"])
      #expect(first["version"] as? Int == 2)
      #expect(first["assigneeID"] as? String == bob.id.uuidString)

      let done = Data(try await asAnn.todosJSON(inList: list.id, status: .done))
      #expect(
        try Self.objects(done)
          == Self.objects(try Self.encoded(try await asAnn.todos(inList: list.id, status: .done))))
      #expect(try Self.objects(done).count == 1)
      #expect(
        try await asAnn.todosJSON(inList: (try await asAnn.createList(named: "E")).id)
          == Array("[]".utf8))
    }
  }

  @Test("a list the person cannot read is not found, as its todos are")
  func notFound() async throws {
    try await TemporaryStore.with { service, _ in
      let (_, _, asAnn, asBob) = try await service.twoPeople()
      let list = try await asAnn.createList(named: "Private")
      await #expect(throws: TodoError.self) { try await asBob.todosJSON(inList: list.id) }
      await #expect(throws: TodoError.self) { try await asAnn.todosJSON(inList: UUID()) }
    }
  }
}

extension JSONDecoder {
  /// A decoder of the API's dates.
  fileprivate static var api: JSONDecoder {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    return decoder
  }
}
