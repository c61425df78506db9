import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import TodoCore
import TodoServer

@Suite("API priorities and tags", .serialized)
struct PriorityAndTagsAPITests {
  static let inbox = "/api/v1/lists/\(TodoList.inboxID)/todos"

  /// The tags of a `GET /api/v1/tags` answer, in its order.
  static func tagNames(_ response: TestResponse) throws -> [String] {
    let tags =
      try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [[String: Any]]
    return (tags ?? []).compactMap { $0["name"] as? String }
  }

  /// The open counts of a `GET /api/v1/tags` answer, by tag.
  static func tagCounts(_ response: TestResponse) throws -> [String: Int] {
    let tags =
      try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [[String: Any]]
    return Dictionary(
      uniqueKeysWithValues: (tags ?? []).compactMap { tag in
        (tag["name"] as? String).map { ($0, tag["open"] as? Int ?? -1) }
      })
  }

  @Test(
    "priority and tags are set by POST and PATCH, null and [] remove them, the list writes them")
  func priorityAndTags() async throws {
    try await withLiveServer { client in
      let created = try await client.send(
        .post, Self.inbox,
        json: ##"{"title":"Report","priority":2,"tags":["#work","Q3","WORK"]}"##)
      #expect(created.status == .created)
      let todo = try created.decode(Todo.self)
      #expect(todo.priority == .p2 && todo.tagNames == ["work", "Q3"])
      #expect(String(buffer: created.body).contains(#""tags":["work","Q3"]"#))
      let listed = try await client.send(.get, Self.inbox)
      let listedText = String(buffer: listed.body)
      #expect(listedText.contains(#""priority":2"#))
      #expect(listedText.contains(#""tags":["work","Q3"]"#))
      let decoded = try listed.decode([Todo].self)
      #expect(decoded.first?.tagNames == ["work", "Q3"] && decoded.first?.priority == .p2)

      let path = "/api/v1/todos/\(todo.id)"
      let urgent = try await client.send(
        .patch, path, json: #"{"priority":1,"tags":["home"],"version":\#(todo.version)}"#)
      #expect(urgent.status == .ok)
      let urgentTodo = try urgent.decode(Todo.self)
      #expect(urgentTodo.priority == .p1 && urgentTodo.tagNames == ["home"])

      // Fields left out stay; null and [] remove.
      let titled = try await client.send(.patch, path, json: #"{"title":"Report v2"}"#)
      #expect(try titled.decode(Todo.self).priority == .p1)
      let cleared = try await client.send(.patch, path, json: #"{"priority":null,"tags":[]}"#)
      let clearedTodo = try cleared.decode(Todo.self)
      #expect(clearedTodo.priority == nil && clearedTodo.tags == nil)
      let text = String(buffer: cleared.body)
      #expect(!text.contains("priority") && !text.contains("tags"))
    }
  }

  @Test("a priority out of 1…4 or a tag that is not one word is a 422 naming the field")
  func badValues() async throws {
    try await withLiveServer { client in
      for (body, field) in [
        (#"{"title":"x","priority":0}"#, "priority"),
        (#"{"title":"x","priority":5}"#, "priority"),
        (#"{"title":"x","tags":["two words"]}"#, "tags"),
        (#"{"title":"x","tags":[""]}"#, "tags"),
        (#"{"title":"x","tags":["a#b"]}"#, "tags"),
      ] {
        try expectProblem(
          try await client.send(.post, Self.inbox, json: body), .unprocessableContent,
          field: field)
      }
      let wrongType = try await client.send(.post, Self.inbox, json: #"{"title":"x","tags":"a"}"#)
      #expect((400..<500).contains(wrongType.status.code))
      let listed = try await client.send(.get, Self.inbox)
      #expect(try listed.decode([Todo].self).isEmpty, "nothing was added")
    }
  }

  @Test("GET /api/v1/todos?filter= shows what the filter finds across lists; a bad one is a 422")
  func filter() async throws {
    try await withLiveServer { client in
      let work = try await client.send(.post, "/api/v1/lists", json: #"{"name":"Work"}"#)
      let workID = try work.decode(TodoList.self).id
      for (path, body) in [
        (Self.inbox, #"{"title":"Milk","tags":["errands"]}"#),
        (Self.inbox, #"{"title":"Report","priority":1,"tags":["work"]}"#),
        ("/api/v1/lists/\(workID)/todos", #"{"title":"Slides","priority":1,"tags":["Work"]}"#),
        ("/api/v1/lists/\(workID)/todos", #"{"title":"Done","status":"done","tags":["work"]}"#),
      ] {
        #expect(try await client.send(.post, path, json: body).status == .created)
      }
      func titles(_ filter: String) async throws -> [String] {
        var components = URLComponents()
        components.queryItems = [URLQueryItem(name: "filter", value: filter)]
        let response = try await client.send(
          .get, "/api/v1/todos?" + components.percentEncodedQuery!)
        #expect(response.status == .ok, "\(filter): \(String(buffer: response.body))")
        return try response.decode([Todo].self).map(\.title)
      }
      #expect(try await titles("#work & p1") == ["Report", "Slides"])
      #expect(try await titles("list: work") == ["Slides"])
      #expect(try await titles("#work & status: done") == ["Done"])
      #expect(try await titles("!#work") == ["Milk"])

      let bad = try await client.send(.get, "/api/v1/todos?filter=due%20before%3A%20soon")
      try expectProblem(bad, .unprocessableContent, field: "filter")
      #expect(String(buffer: bad.body).contains("at 13: expected a day"))
      let missing = try await client.send(.get, "/api/v1/todos")
      #expect(missing.status == .badRequest)
    }
  }

  @Test("GET /api/v1/tags counts the open todos of each tag; PATCH renames or merges one")
  func tags() async throws {
    try await withLiveServer { client in
      for body in [
        #"{"title":"A","tags":["work","home"]}"#, #"{"title":"B","tags":["job"]}"#,
        #"{"title":"C","tags":["work"],"status":"done"}"#,
      ] {
        #expect(try await client.send(.post, Self.inbox, json: body).status == .created)
      }
      let listed = try await client.send(.get, "/api/v1/tags")
      #expect(listed.status == .ok)
      #expect(try Self.tagCounts(listed) == ["home": 1, "job": 1, "work": 1])
      #expect(try Self.tagNames(listed) == ["home", "job", "work"])

      let renamed = try await client.send(.patch, "/api/v1/tags/WORK", json: ##"{"name":"#job"}"##)
      #expect(renamed.status == .ok)
      let answer = try JSONSerialization.jsonObject(with: Data(buffer: renamed.body))
      #expect((answer as? [String: Any])?["changed"] as? Int == 2)
      #expect((answer as? [String: Any])?["name"] as? String == "job")
      let after = try await client.send(.get, "/api/v1/tags")
      #expect(try Self.tagCounts(after) == ["home": 1, "job": 2])

      try expectProblem(
        try await client.send(.patch, "/api/v1/tags/nothing", json: #"{"name":"x"}"#), .notFound)
      try expectProblem(
        try await client.send(.patch, "/api/v1/tags/job", json: #"{"name":"two words"}"#),
        .unprocessableContent, field: "tags")

      // A colour, with a rename or alone; `none` takes it away.
      let coloured = try await client.send(
        .patch, "/api/v1/tags/home", json: #"{"name":"house","color":"teal"}"#)
      #expect(coloured.status == .ok)
      let colors = { () async throws -> [String: String] in
        let tags =
          try JSONSerialization.jsonObject(
            with: Data(buffer: try await client.send(.get, "/api/v1/tags").body))
          as? [[String: Any]] ?? []
        return Dictionary(
          uniqueKeysWithValues: tags.compactMap { tag in
            (tag["color"] as? String).map { ((tag["name"] as? String) ?? "", $0) }
          })
      }
      #expect(try await colors() == ["house": "teal"])
      #expect(
        try await client.send(
          .patch, "/api/v1/tags/house", json: #"{"name":"house","color":"none"}"#
        )
        .status == .ok)
      #expect(try await colors() == [:])
      let mauve = try await client.send(
        .patch, "/api/v1/tags/house", json: #"{"name":"house","color":"mauve"}"#)
      #expect((400..<500).contains(mauve.status.code))
    }
  }
}
