import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import TodoCore
import TodoServer

/// Control characters in any text a client sends: a 400 `invalid-text` problem naming the field,
/// and nothing stored. The bodies carry them JSON-escaped (`\u0000`), as a client sends them.
@Suite("API refuses control characters", .serialized)
struct TextValidationAPITests {
  static let inbox = "/api/v1/lists/\(TodoList.inboxID)/todos"

  /// Checks that `response` is the 400 invalid-text problem for `field`, with `detail` naming
  /// the character.
  static func expectInvalidText(
    _ response: TestResponse, field: String, character: String = "U+0000",
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    try expectProblem(response, .badRequest, field: field, sourceLocation: sourceLocation)
    let problem = try response.decode(Problem.Payload.self)
    #expect(problem.type == "urn:todo:problem:invalid-text", sourceLocation: sourceLocation)
    #expect(problem.title == "Invalid text", sourceLocation: sourceLocation)
    #expect(
      problem.detail?.hasPrefix("\(field): contains the control character \(character) at ")
        == true,
      "\(problem.detail ?? "no detail")", sourceLocation: sourceLocation)
  }

  @Test("POST and PATCH /api/v1 todos: NUL in the title, U+0001 in notes, NUL in a section")
  func todos() async throws {
    try await withLiveServer { client in
      try Self.expectInvalidText(
        try await client.send(.post, Self.inbox, json: #"{"title":"a\u0000b"}"#), field: "title")
      try Self.expectInvalidText(
        try await client.send(.post, Self.inbox, json: #"{"title":"ok","notes":"x\u0001"}"#),
        field: "notes", character: "U+0001")
      try Self.expectInvalidText(
        try await client.send(.post, Self.inbox, json: #"{"title":"ok","section":"\u0000"}"#),
        field: "section")
      #expect(try await client.send(.get, Self.inbox).decode([Todo].self).isEmpty)

      let todo = try await client.send(.post, Self.inbox, json: #"{"title":"Milk"}"#)
        .decode(Todo.self)
      let path = "/api/v1/todos/\(todo.id)"
      try Self.expectInvalidText(
        try await client.send(.patch, path, json: #"{"title":"Milk\u0000"}"#), field: "title")
      try Self.expectInvalidText(
        try await client.send(.patch, path, json: #"{"notes":"\u001b[31mred"}"#),
        field: "notes", character: "U+001B")
      try Self.expectInvalidText(
        try await client.send(.patch, path, json: #"{"section":"Dairy\u0000"}"#),
        field: "section")
      #expect(try await client.send(.get, path).decode(Todo.self) == todo)
    }
  }

  @Test("lists: create and rename with NUL are refused and nothing is renamed")
  func lists() async throws {
    try await withLiveServer { client in
      try Self.expectInvalidText(
        try await client.send(.post, "/api/v1/lists", json: #"{"name":"Work\u0000"}"#),
        field: "name")
      let work = try await client.send(.post, "/api/v1/lists", json: #"{"name":"Work"}"#)
        .decode(TodoList.self)
      try Self.expectInvalidText(
        try await client.send(.patch, "/api/v1/lists/\(work.id)", json: #"{"name":"\u0000"}"#),
        field: "name")
      let names = try await client.send(.get, "/api/v1/lists").decode([TodoList].self)
        .map(\.name)
      #expect(names == ["Inbox", "Work"])
    }
  }

  @Test("length limits stay 422 validation problems naming the field")
  func limits() async throws {
    try await withLiveServer { client in
      let long = String(repeating: "x", count: 1_001)
      let response = try await client.send(.post, Self.inbox, json: #"{"title":"\#(long)"}"#)
      try expectProblem(response, .unprocessableContent, field: "title")
      let problem = try response.decode(Problem.Payload.self)
      #expect(problem.type == "urn:todo:problem:validation")
      #expect(problem.detail == "title: a title is limited to 1000 characters (got 1001)")
    }
  }

  @Test("search text with a control character is refused")
  func search() async throws {
    try await withLiveServer { client in
      try Self.expectInvalidText(
        try await client.send(.get, "/api/v1/search?q=mi%00lk"), field: "text")
      #expect(try await client.send(.get, "/api/v1/search?q=milk").status == .ok)
    }
  }

  @Test("an import with NUL in a todo's title is refused whole, naming the item and field")
  func importDocument() async throws {
    try await withLiveServer { client in
      let listID = UUID()
      let document = #"""
        {"format":1,"exportedAt":"2026-01-01T00:00:00Z",
         "lists":[{"id":"\#(listID)","name":"Work","order":"V","createdAt":"2026-01-01T00:00:00Z",
                   "updatedAt":"2026-01-01T00:00:00Z"}],
         "todos":[{"id":"\#(UUID())","listID":"\#(listID)","title":"fine","notes":"",
                   "status":"notStarted","order":"V","version":1,
                   "createdAt":"2026-01-01T00:00:00Z","updatedAt":"2026-01-01T00:00:00Z"},
                  {"id":"\#(UUID())","listID":"\#(listID)","title":"a\u0000b","notes":"",
                   "status":"notStarted","order":"W","version":1,
                   "createdAt":"2026-01-01T00:00:00Z","updatedAt":"2026-01-01T00:00:00Z"}]}
        """#
      try Self.expectInvalidText(
        try await client.send(.post, "/api/v1/import", json: document), field: "todos[1].title")
      let names = try await client.send(.get, "/api/v1/lists").decode([TodoList].self)
        .map(\.name)
      #expect(names == ["Inbox"])
      let valid = document.replacingOccurrences(of: #"a\u0000b"#, with: "ab")
      #expect(try await client.send(.post, "/api/v1/import", json: valid).status == .ok)
    }
  }

  @Test("Todo-Backend POST /todos and PATCH /todos/:id refuse NUL in the title")
  func todoBackend() async throws {
    try await withLiveServer { client in
      try Self.expectInvalidText(
        try await client.send(.post, "/todos", json: #"{"title":"a\u0000b"}"#), field: "title")
      let created = try await client.send(.post, "/todos", json: #"{"title":"Milk"}"#)
      #expect(created.status == .created)
      let id = try #require(created.object["id"] as? String)
      try Self.expectInvalidText(
        try await client.send(.patch, "/todos/\(id)", json: #"{"title":"\u0000"}"#),
        field: "title")
      let todos = try await client.send(.get, "/todos")
      let titles =
        (try JSONSerialization.jsonObject(with: Data(todos.body.readableBytesView))
        as? [[String: Any]])?.compactMap { $0["title"] as? String }
      #expect(titles == ["Milk"])
    }
  }
}
