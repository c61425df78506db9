import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

/// The 16 cases of the Todo-Backend spec runner (todo-backend-js-spec, `js/specs.js`),
/// reproduced over real HTTP. Like the runner, each case follows the `url` the server gives.
@Suite("Todo-Backend specification", .serialized)
struct TodoBackendSpecTests {
  // MARK: - Helpers mirroring the runner's

  struct Client {
    let http: any TestClientProtocol

    func postRoot(_ json: String) async throws -> [String: Any] {
      let response = try await http.send(.post, "/todos", json: json)
      #expect(response.status == .created, "\(response.text)")
      #expect(response.headers[.accessControlAllowOrigin] == "*")
      return response.object
    }

    func getRoot() async throws -> [[String: Any]] {
      let response = try await http.send(.get, "/todos")
      #expect(response.status == .ok)
      #expect(response.headers[.accessControlAllowOrigin] == "*")
      return (try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)))
        as? [[String: Any]] ?? []
    }

    func deleteRoot() async throws {
      let response = try await http.send(
        .delete, "/todos", headers: [.contentType: "application/json"])
      #expect((200..<300).contains(Int(response.status.code)))
    }

    /// The path of an absolute todo `url`, checking that it is absolute.
    func path(of todo: [String: Any]) throws -> String {
      let url = try #require(todo["url"] as? String)
      let parsed = try #require(URL(string: url))
      #expect(parsed.scheme == "http")
      #expect(parsed.host != nil)
      #expect(parsed.path.hasPrefix("/todos/"))
      return parsed.path
    }

    func get(_ todo: [String: Any]) async throws -> [String: Any] {
      let response = try await http.send(.get, try path(of: todo))
      #expect(response.status == .ok)
      return response.object
    }

    func patch(_ todo: [String: Any], _ json: String) async throws -> [String: Any] {
      let response = try await http.send(.patch, try path(of: todo), json: json)
      #expect(response.status == .ok, "\(response.text)")
      return response.object
    }

    func delete(_ todo: [String: Any]) async throws {
      let response = try await http.send(.delete, try path(of: todo))
      #expect((200..<300).contains(Int(response.status.code)))
    }
  }

  func run(_ body: @escaping @Sendable (Client) async throws -> Void) async throws {
    // The spec runner is a page on another origin: it needs `--todo-backend-cors`.
    try await withLiveServer(todoBackendCORS: true) { http in try await body(Client(http: http)) }
  }

  // MARK: - The pre-requisites

  @Test("1. the api root responds to a GET (the server is up, CORS headers are set up)")
  func rootGet() async throws {
    try await run { client in
      let preflight = try await client.http.send(
        .options, "/todos",
        headers: [
          .origin: "http://todobackend.test", .accessControlRequestMethod: "POST",
          .accessControlRequestHeaders: "content-type",
        ])
      #expect(preflight.status == .noContent)
      #expect(
        preflight.headers[.accessControlAllowHeaders]?.lowercased().contains("content-type") == true
      )
      _ = try await client.getRoot()
    }
  }

  @Test("2. the api root responds to a POST with the todo which was posted to it")
  func rootPost() async throws {
    try await run { client in
      let todo = try await client.postRoot(#"{"title":"a todo"}"#)
      #expect(todo["title"] as? String == "a todo")
    }
  }

  @Test("3. the api root responds successfully to a DELETE")
  func rootDelete() async throws {
    try await run { client in try await client.deleteRoot() }
  }

  @Test("4. after a DELETE the api root responds to a GET with an empty array")
  func deleteThenGet() async throws {
    try await run { client in
      _ = try await client.postRoot(#"{"title":"gone soon"}"#)
      try await client.deleteRoot()
      let response = try await client.http.send(.get, "/todos")
      #expect(response.text == "[]")
    }
  }

  // MARK: - Storing new todos by posting to the root url

  @Test("5. adds a new todo to the list of todos at the root url")
  func addsToList() async throws {
    try await run { client in
      try await client.deleteRoot()
      _ = try await client.postRoot(#"{"title":"walk the dog"}"#)
      let todos = try await client.getRoot()
      #expect(todos.count == 1)
      #expect(todos.first?["title"] as? String == "walk the dog")
    }
  }

  @Test("6. sets up a new todo as initially not completed")
  func notCompleted() async throws {
    try await run { client in
      try await client.deleteRoot()
      #expect(try await client.postRoot(#"{"title":"blah"}"#)["completed"] as? Bool == false)
      #expect(try await client.getRoot().first?["completed"] as? Bool == false)
    }
  }

  @Test("7. each new todo has a url")
  func hasURL() async throws {
    try await run { client in
      try await client.deleteRoot()
      let todo = try await client.postRoot(#"{"title":"blah"}"#)
      #expect(todo["url"] is String)
      #expect(try await client.getRoot().first?["url"] is String)
      _ = try client.path(of: todo)
    }
  }

  @Test("8. each new todo has a url, which returns a todo")
  func urlReturnsTodo() async throws {
    try await run { client in
      try await client.deleteRoot()
      let todo = try await client.postRoot(#"{"title":"my todo"}"#)
      #expect(try await client.get(todo)["title"] as? String == "my todo")
    }
  }

  // MARK: - Working with an existing todo

  @Test("9. can navigate from a list of todos to an individual todo via urls")
  func navigate() async throws {
    try await run { client in
      try await client.deleteRoot()
      async let first = client.http.send(.post, "/todos", json: #"{"title":"todo the first"}"#)
      async let second = client.http.send(.post, "/todos", json: #"{"title":"todo the second"}"#)
      #expect(try await [first.status, second.status] == [.created, .created])
      let todos = try await client.getRoot()
      #expect(todos.count == 2)
      let fetched = try await client.get(try #require(todos.first))
      #expect(fetched["title"] is String)
    }
  }

  @Test("10. can change the todo's title by PATCHing to the todo's url")
  func patchTitle() async throws {
    try await run { client in
      try await client.deleteRoot()
      let todo = try await client.postRoot(#"{"title":"initial title"}"#)
      let patched = try await client.patch(todo, #"{"title":"bathe the cat"}"#)
      #expect(patched["title"] as? String == "bathe the cat")
    }
  }

  @Test("11. can change the todo's completedness by PATCHing to the todo's url")
  func patchCompleted() async throws {
    try await run { client in
      try await client.deleteRoot()
      let todo = try await client.postRoot(#"{"title":"blah"}"#)
      #expect(try await client.patch(todo, #"{"completed":true}"#)["completed"] as? Bool == true)
      #expect(try await client.patch(todo, #"{"completed":false}"#)["completed"] as? Bool == false)
    }
  }

  @Test("12. changes to a todo are persisted and show up when re-fetching the todo")
  func persisted() async throws {
    try await run { client in
      try await client.deleteRoot()
      let todo = try await client.postRoot(#"{"title":"blah"}"#)
      let patched = try await client.patch(todo, #"{"title":"changed title","completed":true}"#)
      let refetched = try await client.get(patched)
      #expect(refetched["completed"] as? Bool == true)
      #expect(refetched["title"] as? String == "changed title")
      let list = try await client.getRoot()
      #expect(list.count == 1)
      #expect(list.first?["completed"] as? Bool == true)
      #expect(list.first?["title"] as? String == "changed title")
    }
  }

  @Test("13. can delete a todo making a DELETE request to the todo's url")
  func deleteTodo() async throws {
    try await run { client in
      try await client.deleteRoot()
      let todo = try await client.postRoot(#"{"title":"blah"}"#)
      try await client.delete(todo)
      #expect(try await client.getRoot().isEmpty)
    }
  }

  // MARK: - Tracking todo order

  @Test("14. can create a todo with an order field")
  func createWithOrder() async throws {
    try await run { client in
      let todo = try await client.postRoot(#"{"title":"blah","order":523}"#)
      #expect(todo["order"] as? Int == 523)
    }
  }

  @Test("15. can PATCH a todo to change its order")
  func patchOrder() async throws {
    try await run { client in
      let todo = try await client.postRoot(#"{"title":"blah","order":10}"#)
      #expect(try await client.patch(todo, #"{"order":95}"#)["order"] as? Int == 95)
    }
  }

  @Test("16. remembers changes to a todo's order")
  func remembersOrder() async throws {
    try await run { client in
      let todo = try await client.postRoot(#"{"title":"blah","order":10}"#)
      let patched = try await client.patch(todo, #"{"order":95}"#)
      #expect(try await client.get(patched)["order"] as? Int == 95)
    }
  }
}
