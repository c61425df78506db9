import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import TodoCore
import TodoServer

@Suite("API repeating todos", .serialized)
struct RepeatAPITests {
  static let inbox = "/api/v1/lists/\(TodoList.inboxID)/todos"

  @Test("a repeat rule set by POST moves the todo on when done; completions and skip answer")
  func repeatCompleteSkip() async throws {
    try await withLiveServer { client in
      let created = try await client.send(
        .post, Self.inbox,
        json: #"{"title":"Bins out","deadline":"2031-01-06T19:00","repeatRule":"FREQ=WEEKLY"}"#)
      #expect(created.status == .created)
      let todo = try created.decode(Todo.self)
      #expect(todo.repeatRule == "FREQ=WEEKLY" && todo.repeatMode == .schedule)
      let path = "/api/v1/todos/\(todo.id)"

      let done = try await client.send(.patch, path, json: #"{"status":"done"}"#)
      #expect(done.status == .ok)
      let moved = try done.decode(Todo.self)
      #expect(moved.status == .notStarted && moved.deadline?.rawValue == "2031-01-13T19:00")

      let history = try await client.send(.get, path + "/completions")
      #expect(history.status == .ok)
      let completions = try history.decode([TodoCompletion].self)
      #expect(completions.map(\.deadline?.rawValue) == ["2031-01-06T19:00"])

      let skipped = try await client.send(
        .post, path + "/skip", headers: [.ifMatch: "\"\(moved.version)\""])
      #expect(skipped.status == .ok)
      #expect(try skipped.decode(Todo.self).deadline?.rawValue == "2031-01-20T19:00")
      #expect(skipped.headers[.eTag] == "\"\(moved.version.rawValue + 1)\"")
      try expectProblem(
        try await client.send(
          .post, path + "/skip", headers: [.ifMatch: "\"\(moved.version)\""]), .conflict)

      let stopped = try await client.send(.patch, path, json: #"{"repeatRule":null}"#)
      #expect(try stopped.decode(Todo.self).repeatRule == nil)
      try expectProblem(
        try await client.send(.post, path + "/skip"), .unprocessableContent, field: "repeat")
    }
  }

  @Test("a bad rule, a lone mode or a rule that never repeats is a 422 naming the field")
  func badRules() async throws {
    try await withLiveServer { client in
      for (body, field) in [
        (#"{"title":"x","repeatRule":"FREQ=FORTNIGHTLY"}"#, "repeat"),
        (#"{"title":"x","repeatRule":"FREQ=DAILY;BYHOUR=25"}"#, "repeat"),
        (#"{"title":"x","repeatMode":"after-completion"}"#, "repeatMode"),
        (
          #"{"title":"x","deadline":"2031-01-06","repeatRule":"FREQ=DAILY;UNTIL=20300101"}"#,
          "repeat"
        ),
      ] {
        try expectProblem(
          try await client.send(.post, Self.inbox, json: body), .unprocessableContent,
          field: field)
      }
      let todos = try await client.send(.get, Self.inbox).decode([Todo].self)
      #expect(todos.isEmpty)
    }
  }

  @Test("after-completion counts from the day it was done; the export carries the history")
  func afterCompletionAndExport() async throws {
    try await withLiveServer { client in
      let todo = try await client.send(
        .post, Self.inbox,
        json:
          #"{"title":"Filter","repeatRule":"FREQ=DAILY;INTERVAL=3","repeatMode":"after-completion"}"#
      ).decode(Todo.self)
      let moved = try await client.send(
        .patch, "/api/v1/todos/\(todo.id)", json: #"{"status":"done"}"#
      ).decode(Todo.self)
      #expect(moved.repeatMode == .afterCompletion && moved.deadline != nil)
      let export = try await client.send(.get, "/api/v1/export")
      let document = try #require(
        try JSONSerialization.jsonObject(with: Data(export.body.readableBytesView))
          as? [String: Any])
      let completions = try #require(document["completions"] as? [[String: Any]])
      #expect(completions.first?["todoID"] as? String == todo.id.uuidString)
    }
  }
}
