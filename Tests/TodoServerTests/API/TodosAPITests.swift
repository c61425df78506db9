import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import TodoCore
import TodoServer

@Suite("API todos", .serialized)
struct TodosAPITests {
  static let inbox = "/api/v1/lists/\(TodoList.inboxID)/todos"

  @Test("POST creates a validated todo with ETag and Location; GET reads it and the list")
  func createAndRead() async throws {
    try await withLiveServer { client in
      let created = try await client.send(
        .post, Self.inbox,
        json: #"{"title":"  Apples ","notes":"green","deadline":"2026-03-01","section":"Fruit"}"#)
      #expect(created.status == .created)
      let todo = try created.decode(Todo.self)
      #expect(todo.title == "Apples")
      #expect(todo.deadline?.rawValue == "2026-03-01")
      #expect(todo.section == "Fruit")
      #expect(todo.version == 1)
      #expect(created.headers[.eTag] == "\"1\"")
      #expect(
        created.headers[.location]
          == "http://127.0.0.1:\(client.port ?? 0)/api/v1/todos/\(todo.id.uuidString)",
        "absolute, on the configured origin, though the request said Host: localhost")

      let read = try await client.send(.get, "/api/v1/todos/\(todo.id)")
      #expect(read.status == .ok)
      #expect(try read.decode(Todo.self).title == "Apples")
      #expect(read.headers[.eTag] == "\"1\"")

      _ = try await client.send(.post, Self.inbox, json: #"{"title":"Done","status":"done"}"#)
      let all = try await client.send(.get, Self.inbox).decode([Todo].self)
      #expect(all.map(\.title) == ["Apples", "Done"])
      let done = try await client.send(.get, Self.inbox + "?status=done").decode([Todo].self)
      #expect(done.map(\.title) == ["Done"])
      try expectProblem(
        try await client.send(.get, Self.inbox + "?status=finished"), .unprocessableContent,
        field: "status")
    }
  }

  @Test("PATCH changes only the fields sent; null clears; versions checked by field or If-Match")
  func patch() async throws {
    try await withLiveServer { client in
      let todo = try await client.send(
        .post, Self.inbox, json: #"{"title":"Milk","deadline":"2026-03-01","section":"Dairy"}"#
      ).decode(Todo.self)
      let path = "/api/v1/todos/\(todo.id)"

      let patched = try await client.send(
        .patch, path, json: #"{"status":"inProgress","deadline":null,"version":1}"#)
      #expect(patched.status == .ok)
      let second = try patched.decode(Todo.self)
      #expect(second.status == .inProgress)
      #expect(second.deadline == nil)
      #expect(second.section == "Dairy")
      #expect(second.title == "Milk")
      #expect(second.version == 2)
      #expect(patched.headers[.eTag] == "\"2\"")

      let stale = try await client.send(
        .patch, path, json: #"{"title":"Stale"}"#, headers: [.ifMatch: "\"1\""])
      try expectProblem(stale, .conflict)
      #expect(try stale.decode(Problem.Payload.self).currentVersion == 2)
      try expectProblem(
        try await client.send(.patch, path, json: #"{"title":"Stale","version":1}"#), .conflict)
      let fresh = try await client.send(
        .patch, path, json: #"{"title":"Fresh","section":null}"#, headers: [.ifMatch: "\"2\""])
      #expect(fresh.status == .ok)
      #expect(try fresh.decode(Todo.self).section == nil)
      try expectProblem(
        try await client.send(.patch, path, json: #"{"title":"x"}"#, headers: [.ifMatch: "abc"]),
        .badRequest, field: "If-Match")
    }
  }

  @Test("PATCH and POST validation: 422 with the field for every rule")
  func validation() async throws {
    try await withLiveServer { client in
      let todo = try await client.send(.post, Self.inbox, json: #"{"title":"x"}"#)
        .decode(Todo.self)
      let path = "/api/v1/todos/\(todo.id)"
      let long = String(repeating: "a", count: 1_001)
      let cases: [(String, String)] = [
        (#"{"title":"   "}"#, "title"),
        (#"{"title":"\#(long)"}"#, "title"),
        (#"{"deadline":"2026-02-30"}"#, "deadline"),
        (#"{"deadline":"soon"}"#, "deadline"),
        (#"{"status":"finished"}"#, "status"),
        (#"{"title":42}"#, "title"),
        (#"{"listID":"\#(UUID())"}"#, ""),
      ]
      for (body, field) in cases {
        let response = try await client.send(.patch, path, json: body)
        if field.isEmpty {
          try expectProblem(response, .notFound)
        } else {
          try expectProblem(response, .unprocessableContent, field: field)
        }
      }
      let notes = String(repeating: "n", count: 100_001)
      try expectProblem(
        try await client.send(.post, Self.inbox, json: #"{"title":"x","notes":"\#(notes)"}"#),
        .unprocessableContent, field: "notes")
      try expectProblem(
        try await client.send(.post, Self.inbox, json: #"{"notes":"no title"}"#),
        .unprocessableContent, field: "title")
      try expectProblem(
        try await client.send(.post, "/api/v1/lists/\(UUID())/todos", json: #"{"title":"x"}"#),
        .notFound)
    }
  }

  @Test("move, trash and restore over HTTP")
  func moveTrashRestore() async throws {
    try await withLiveServer { client in
      var ids: [UUID] = []
      for title in ["a", "b", "c"] {
        ids.append(
          try await client.send(.post, Self.inbox, json: #"{"title":"\#(title)"}"#)
            .decode(Todo.self).id)
      }
      func titles() async throws -> String {
        try await client.send(.get, Self.inbox).decode([Todo].self).map(\.title).joined()
      }
      let moved = try await client.send(
        .post, "/api/v1/todos/\(ids[2])/move", json: #"{"before":"\#(ids[0])"}"#)
      #expect(moved.status == .ok)
      #expect(try await titles() == "cab")
      #expect(
        try await client.send(.post, "/api/v1/todos/\(ids[2])/move", json: #"{"to":"bottom"}"#)
          .status == .ok)
      #expect(try await titles() == "abc")
      try expectProblem(
        try await client.send(
          .post, "/api/v1/todos/\(ids[2])/move", json: #"{"to":"top","version":1}"#), .conflict)
      try expectProblem(
        try await client.send(
          .post, "/api/v1/todos/\(ids[2])/move", json: #"{"after":"\#(ids[2])"}"#),
        .unprocessableContent)

      let trashed = try await client.send(.delete, "/api/v1/todos/\(ids[1])")
      #expect(trashed.status == .ok)
      #expect(try await titles() == "ac")
      try expectProblem(try await client.send(.get, "/api/v1/todos/\(ids[1])"), .notFound)
      try expectProblem(try await client.send(.delete, "/api/v1/todos/\(ids[1])"), .notFound)
      let restored = try await client.send(.post, "/api/v1/todos/\(ids[1])/restore")
      #expect(restored.status == .ok)
      #expect(try await titles() == "abc")
      let again = try await client.send(.post, "/api/v1/todos/\(ids[1])/restore")
      #expect(again.status == .ok, "restoring a live todo is a harmless repeat")
      #expect(try again.decode(Todo.self).version == restored.decode(Todo.self).version)
      #expect(try await titles() == "abc")
      try expectProblem(
        try await client.send(.delete, "/api/v1/todos/\(ids[0])", headers: [.ifMatch: "\"7\""]),
        .conflict)
    }
  }
}
