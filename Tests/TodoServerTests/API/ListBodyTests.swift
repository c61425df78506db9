import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import TodoCore
import TodoServer

/// `GET /api/v1/lists/{listID}/todos` writes its body directly (`TodoJSON`, put in place by
/// `PreparedBodyMiddleware`); `GET /api/v1/todos/{id}` goes through the generated code's
/// `JSONEncoder`. Both must say the same thing about every todo.
@Suite("API list body")
struct ListBodyTests {
  @Test("every todo in a list body equals its single read, member for member, escapes included")
  func listBodyMatchesEncoder() async throws {
    try await withLiveServer { client in
      let inbox = "/api/v1/lists/\(TodoList.inboxID)/todos"
      let bodies = [
        #"{"title":"Quote \" and backslash \\ and slash a/b","notes":"line\nnext\ttab é 🍎"}"#,
        #"{"title":"Timed","deadline":"2026-03-01T09:30","section":"Fruit","status":"done"}"#,
        #"{"title":"Dated","deadline":"2026-12-31","status":"inProgress"}"#,
        #"{"title":"ünïcødé","notes":"\"quoted\" \\ back"}"#,
        #"{"title":"Full","repeatRule":"FREQ=DAILY","repeatMode":"after-completion","start":"2026-03-01","deadline":"2026-03-05","priority":2,"tags":["work","é"]}"#,
        #"{"title":"Some day","someday":true}"#,
        // Longer than the body's first buffer, and mostly escapes: the writer grows.
        #"{"title":"long","notes":""# + String(repeating: #"\"\n\\é"#, count: 2_000) + #""}"#,
      ]
      for body in bodies {
        #expect(try await client.send(.post, inbox, json: body).status == .created, "\(body)")
      }
      // A Todo-Backend create carries an external order.
      #expect(
        try await client.send(.post, "/todos", json: #"{"title":"ordered","order":7}"#)
          .status == .created)

      let list = try await client.send(.get, inbox)
      #expect(list.status == .ok)
      #expect(list.headers[.contentType] == "application/json; charset=utf-8")
      #expect(list.headers[.contentLength] == String(list.body.readableBytes))
      #expect(list.headers[.contentSecurityPolicy] != nil)
      let items = try #require(
        try JSONSerialization.jsonObject(with: Data(list.body.readableBytesView))
          as? [[String: Any]])
      #expect(items.count == 8)
      #expect(Set(items.compactMap { $0["title"] as? String }).contains("ordered"))
      for item in items {
        let id = try #require(item["id"] as? String)
        let single = try await client.send(.get, "/api/v1/todos/\(id)")
        #expect(single.status == .ok)
        let object = try #require(
          try JSONSerialization.jsonObject(with: Data(single.body.readableBytesView))
            as? [String: Any])
        // Compared as Foundation writes them again with sorted keys: Linux's Foundation does
        // not find a `true` read from one body equal to the same `true` read from another.
        #expect(
          try Self.canonical(item) == Self.canonical(object), "list: \(item)\nsingle: \(object)")
      }
      // And the domain type reads the list back.
      let todos = try list.decode([Todo].self)
      #expect(todos.first?.notes == "line\nnext\ttab é 🍎")
      #expect(todos.contains { $0.externalOrder == 7 })
      #expect(todos.contains { $0.deadline?.rawValue == "2026-03-01T09:30" && $0.doneAt != nil })
      #expect(todos.contains { $0.tags?.names == ["work", "é"] && $0.priority == .p2 })
      #expect(todos.contains { $0.someday == true })
    }
  }

  /// `object` as JSON text with its keys sorted.
  private static func canonical(_ object: [String: Any]) throws -> String {
    String(
      decoding: try JSONSerialization.data(withJSONObject: object, options: .sortedKeys),
      as: UTF8.self)
  }

  @Test("an empty list is [], a filtered one only its status; errors still come as problems")
  func emptyAndFiltered() async throws {
    try await withLiveServer { client in
      let inbox = "/api/v1/lists/\(TodoList.inboxID)/todos"
      let empty = try await client.send(.get, inbox)
      #expect(String(buffer: empty.body) == "[]")
      _ = try await client.send(.post, inbox, json: #"{"title":"open"}"#)
      let done = try await client.send(.get, inbox + "?status=done")
      #expect(String(buffer: done.body) == "[]")
      let missing = try await client.send(.get, "/api/v1/lists/\(UUID())/todos")
      #expect(missing.status == .notFound)
      #expect(missing.headers[.contentType] == "application/problem+json")
    }
  }
}
