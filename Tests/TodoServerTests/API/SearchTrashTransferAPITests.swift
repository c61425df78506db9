import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import TodoCore
import TodoServer

@Suite("API search, trash, export and import", .serialized)
struct SearchTrashTransferAPITests {
  static let inbox = "/api/v1/lists/\(TodoList.inboxID)/todos"

  @Test("GET /api/v1/search combines text, status and deadline range")
  func search() async throws {
    try await withLiveServer { client in
      _ = try await client.send(
        .post, Self.inbox, json: #"{"title":"Pay TAXES","deadline":"2026-04-15"}"#)
      _ = try await client.send(
        .post, Self.inbox,
        json:
          #"{"title":"Call Bob","notes":"tax form","status":"inProgress","deadline":"2026-04-30"}"#
      )
      _ = try await client.send(.post, Self.inbox, json: #"{"title":"Milk","status":"done"}"#)
      func titles(_ query: String) async throws -> [String] {
        let response = try await client.send(.get, "/api/v1/search?" + query)
        #expect(response.status == .ok, "\(response.text)")
        return try response.decode([Todo].self).map(\.title)
      }
      #expect(try await titles("q=tax") == ["Pay TAXES", "Call Bob"])
      #expect(try await titles("q=TAX&status=inProgress") == ["Call Bob"])
      #expect(try await titles("status=done,notStarted") == ["Pay TAXES", "Milk"])
      #expect(try await titles("from=2026-04-20&to=2026-05-01") == ["Call Bob"])
      #expect(try await titles("q=nothing").isEmpty)
      try expectProblem(
        try await client.send(.get, "/api/v1/search?status=later"), .unprocessableContent,
        field: "status")
      try expectProblem(
        try await client.send(.get, "/api/v1/search?from=2026-13-01"), .unprocessableContent,
        field: "deadline")
      try expectProblem(
        try await client.send(.get, "/api/v1/search?list=\(UUID())"), .notFound)
    }
  }

  @Test("GET /api/v1/trash lists trashed todos; DELETE empties it for good")
  func trash() async throws {
    try await withLiveServer { client in
      let todo = try await client.send(.post, Self.inbox, json: #"{"title":"Old"}"#)
        .decode(Todo.self)
      _ = try await client.send(.delete, "/api/v1/todos/\(todo.id)")
      let trash = try await client.send(.get, "/api/v1/trash")
      #expect(trash.status == .ok)
      #expect(try trash.decode(TrashContents.self).todos.map(\.id) == [todo.id])
      let emptied = try await client.send(.delete, "/api/v1/trash")
      #expect(emptied.status == .ok)
      #expect(emptied.object["todos"] as? Int == 1)
      #expect(try await client.send(.get, "/api/v1/trash").decode(TrashContents.self).todos.isEmpty)
      try expectProblem(
        try await client.send(.post, "/api/v1/todos/\(todo.id)/restore"), .notFound)
    }
  }

  @Test("export then import into another server gives the same todos; bad imports write nothing")
  func transfer() async throws {
    let exported = try await withLiveServer { client in
      _ = try await client.send(.post, "/api/v1/lists", json: #"{"name":"Work"}"#)
      _ = try await client.send(.post, Self.inbox, json: #"{"title":"Kept","notes":"text"}"#)
      let response = try await client.send(.get, "/api/v1/export")
      #expect(response.status == .ok)
      #expect(response.object["format"] as? Int == 1)
      return response.text
    }
    try await withLiveServer { client in
      let imported = try await client.send(.post, "/api/v1/import", json: exported)
      #expect(imported.status == .ok, "\(imported.text)")
      #expect(imported.object["lists"] as? Int == 2)
      #expect(try await client.send(.get, Self.inbox).decode([Todo].self).map(\.notes) == ["text"])
      #expect(
        try await client.send(.get, "/api/v1/lists").decode([TodoList].self).map(\.name)
          == ["Inbox", "Work"])

      let invalid = exported.replacingOccurrences(of: #""Kept""#, with: #""  ""#)
      try expectProblem(
        try await client.send(.post, "/api/v1/import", json: invalid), .unprocessableContent)
      let future = exported.replacingOccurrences(of: #""format" : 1"#, with: #""format" : 9"#)
        .replacingOccurrences(of: #""format":1"#, with: #""format":9"#)
      try expectProblem(
        try await client.send(.post, "/api/v1/import", json: future), .unprocessableContent)
      try expectProblem(
        try await client.send(.post, "/api/v1/import", json: #"{"format":1}"#),
        .unprocessableContent)
    }
  }
}
