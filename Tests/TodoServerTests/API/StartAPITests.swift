import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import TodoCore
import TodoServer

@Suite("API start dates and Someday", .serialized)
struct StartAPITests {
  static let inbox = "/api/v1/lists/\(TodoList.inboxID)/todos"

  @Test("start and someday are set by POST and PATCH, null removes a start, the list writes them")
  func startAndSomeday() async throws {
    try await withLiveServer { client in
      let created = try await client.send(
        .post, Self.inbox,
        json: #"{"title":"Plan the trip","deadline":"2031-01-10","start":"2031-01-06T09:00"}"#)
      #expect(created.status == .created)
      let todo = try created.decode(Todo.self)
      #expect(todo.start?.rawValue == "2031-01-06T09:00" && !todo.isSomeday)
      let path = "/api/v1/todos/\(todo.id)"

      let aside = try await client.send(.patch, path, json: #"{"someday":true}"#)
      let asideTodo = try aside.decode(Todo.self)
      #expect(asideTodo.isSomeday && asideTodo.start == nil)
      let listed = try await client.send(.get, Self.inbox)
      #expect(String(buffer: listed.body).contains(#""someday":true"#))

      let dated = try await client.send(.patch, path, json: #"{"start":"2031-01-07"}"#)
      let datedTodo = try dated.decode(Todo.self)
      #expect(datedTodo.start?.rawValue == "2031-01-07" && !datedTodo.isSomeday)
      let listedAgain = try await client.send(.get, Self.inbox)
      #expect(String(buffer: listedAgain.body).contains(#""start":"2031-01-07""#))

      let cleared = try await client.send(.patch, path, json: #"{"start":null}"#)
      #expect(try cleared.decode(Todo.self).start == nil)
    }
  }

  @Test("a start that is no date, or after the deadline, is a 422 naming start")
  func badStarts() async throws {
    try await withLiveServer { client in
      for body in [
        #"{"title":"x","start":"next week"}"#,
        #"{"title":"x","deadline":"2031-01-06","start":"2031-01-07"}"#,
      ] {
        try expectProblem(
          try await client.send(.post, Self.inbox, json: body), .unprocessableContent,
          field: "start")
      }
    }
  }
}
