import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import TodoCore
import TodoServer

@Suite("API lists", .serialized)
struct ListsAPITests {
  @Test("GET /api/v1/lists starts with the Inbox; POST creates at the end with a Location")
  func createAndList() async throws {
    try await withLiveServer { client in
      let initial = try await client.send(.get, "/api/v1/lists")
      #expect(initial.status == .ok)
      #expect(try initial.decode([TodoList].self).map(\.name) == ["Inbox"])

      let created = try await client.send(.post, "/api/v1/lists", json: #"{"name":"  Work "}"#)
      #expect(created.status == .created)
      let work = try created.decode(TodoList.self)
      #expect(work.name == "Work")
      #expect(
        created.headers[.location]
          == "http://127.0.0.1:\(client.port ?? 0)/api/v1/lists/\(work.id.uuidString)")

      let fetched = try await client.send(.get, "/api/v1/lists/\(work.id)")
      #expect(try fetched.decode(TodoList.self).id == work.id)
      let all = try await client.send(.get, "/api/v1/lists")
      #expect(try all.decode([TodoList].self).map(\.name) == ["Inbox", "Work"])
    }
  }

  @Test("PATCH renames, POST move reorders, DELETE trashes, POST restore brings back")
  func renameMoveTrashRestore() async throws {
    try await withLiveServer { client in
      let work = try await client.send(.post, "/api/v1/lists", json: #"{"name":"Work"}"#)
        .decode(TodoList.self)
      let renamed = try await client.send(
        .patch, "/api/v1/lists/\(work.id)", json: #"{"name":"Office"}"#)
      #expect(renamed.status == .ok)
      #expect(try renamed.decode(TodoList.self).name == "Office")

      let moved = try await client.send(
        .post, "/api/v1/lists/\(work.id)/move", json: #"{"to":"top"}"#)
      #expect(moved.status == .ok)
      let order = try await client.send(.get, "/api/v1/lists").decode([TodoList].self)
      #expect(order.map(\.name) == ["Office", "Inbox"])
      let back = try await client.send(
        .post, "/api/v1/lists/\(work.id)/move", json: #"{"after":"\#(TodoList.inboxID)"}"#)
      #expect(back.status == .ok)
      #expect(
        try await client.send(.get, "/api/v1/lists").decode([TodoList].self).map(\.name)
          == ["Inbox", "Office"])

      let trashed = try await client.send(.delete, "/api/v1/lists/\(work.id)")
      #expect(trashed.status == .ok)
      #expect(try trashed.decode(TodoList.self).deletedAt != nil)
      try expectProblem(try await client.send(.get, "/api/v1/lists/\(work.id)"), .notFound)
      let restored = try await client.send(.post, "/api/v1/lists/\(work.id)/restore")
      #expect(restored.status == .ok)
      #expect(try restored.decode(TodoList.self).deletedAt == nil)
    }
  }

  @Test("list errors: 404 unknown, 422 invalid or duplicate name, Inbox kept, bad move body")
  func errors() async throws {
    try await withLiveServer { client in
      let unknown = UUID()
      try expectProblem(try await client.send(.get, "/api/v1/lists/\(unknown)"), .notFound)
      try expectProblem(try await client.send(.get, "/api/v1/lists/not-a-uuid"), .notFound)
      try expectProblem(
        try await client.send(.patch, "/api/v1/lists/\(unknown)", json: #"{"name":"x"}"#),
        .notFound)
      try expectProblem(
        try await client.send(.post, "/api/v1/lists", json: #"{"name":"   "}"#),
        .unprocessableContent, field: "name")
      try expectProblem(
        try await client.send(.post, "/api/v1/lists", json: #"{"name":"inbox"}"#),
        .unprocessableContent, field: "name")
      try expectProblem(
        try await client.send(.post, "/api/v1/lists", json: #"{"title":"x"}"#),
        .unprocessableContent, field: "name")
      try expectProblem(
        try await client.send(.delete, "/api/v1/lists/\(TodoList.inboxID)"),
        .unprocessableContent, field: "list")
      try expectProblem(
        try await client.send(
          .post, "/api/v1/lists/\(TodoList.inboxID)/move", json: #"{"to":"middle"}"#),
        .unprocessableContent, field: "position")
      try expectProblem(
        try await client.send(
          .post, "/api/v1/lists/\(TodoList.inboxID)/move", json: #"{"before":"\#(unknown)"}"#),
        .notFound)
      try expectProblem(
        try await client.send(.post, "/api/v1/lists/\(unknown)/restore"), .notFound)
    }
  }
}
