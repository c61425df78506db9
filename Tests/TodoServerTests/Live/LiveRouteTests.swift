import Foundation
import Hummingbird
import HummingbirdTesting
import HummingbirdWSClient
import Testing
import TodoServer

@Suite("Live page route: WebSocket at /live and the static client")
struct LiveRouteTests {
  @Test("a page gets a snapshot, then a changeset per change; bad messages get errors")
  func snapshotThenChanges() async throws {
    try await withLiveServer { client in
      let port = try #require(client.port)
      try await withLivePage(port: port) { page in
        let snapshot = try await page.next()
        #expect(snapshot["type"] as? String == "snapshot")
        #expect(snapshot["v"] as? Int == 1)
        #expect(snapshot["rev"] as? Int == 1)
        let chrome = try #require(snapshot["chrome"] as? [String: Any])
        #expect(chrome["counter"] as? String == "0 items left")

        try await page.send(["type": "add", "title": "  <b>Hello</b> "])
        let added = try await page.next()
        #expect(added["type"] as? String == "changes")
        #expect(added["rev"] as? Int == 2)
        let id = try #require(added.insertedIDs.first)
        let cells = try #require(added["cells"] as? [String: [String: Any]])
        #expect(cells[id]?["title"] as? String == "<b>Hello</b>")

        try await page.sendRaw("this is not json")
        let error = try await page.next()
        #expect(error["type"] as? String == "error")
        #expect(error["code"] as? String == "malformed")
        try await page.send(["type": "explode"])
        #expect(try await page.next()["code"] as? String == "unknownType")
        try await page.sendRaw(#"{"v":9,"type":"undo"}"#)
        #expect(try await page.next()["code"] as? String == "unsupportedVersion")

        // Still open: the next event works.
        try await page.send(["type": "toggle", "id": id])
        let toggled = try await page.next()
        #expect(toggled["rev"] as? Int == 3)
        let stages = try #require(toggled["stages"] as? [[String: Any]])
        #expect((stages.first?["itemUpdated"] as? [[Any]])?.first?.last as? String == id)

        try await page.send(["type": "resync"])
        let fresh = try await page.next()
        #expect(fresh["type"] as? String == "snapshot")
        #expect(fresh["rev"] as? Int == 4)
      }
    }
  }

  @Test("a change made through the JSON API reaches an open page")
  func apiChangeReachesPage() async throws {
    try await withLiveServer { client in
      let port = try #require(client.port)
      try await withLivePage(port: port) { page in
        _ = try await page.next()
        let response = try await client.send(
          .post, "/api/v1/lists/\(inboxID)/todos", json: #"{"title":"From the API"}"#)
        #expect(response.status == .created)
        let changes = try await page.next()
        let cells = try #require(changes["cells"] as? [String: [String: Any]])
        #expect(cells.values.map { $0["title"] as? String } == ["From the API"])
      }
    }
  }

  @Test("a page opened with rows holds the list's first rows; a todo below them is a count")
  func firstRows() async throws {
    try await withLiveServer { client in
      let port = try #require(client.port)
      try await withLivePage(port: port, path: "/live?rows=2") { page in
        let snapshot = try await page.next()
        #expect(snapshot["counts"] as? [Int] == [0])
        var ids: [String] = []
        for title in ["One", "Two", "Three"] {
          let response = try await client.send(
            .post, "/api/v1/lists/\(inboxID)/todos", json: #"{"title":"\#(title)"}"#)
          #expect(response.status == .created)
          let changes = try await page.next()
          #expect(changes["counts"] as? [Int] == [ids.count + 1])
          ids += changes.insertedIDs
        }
        // The third is below the two rows the page holds: the count alone.
        #expect(ids.count == 2)
        try await page.send(["type": "showRows", "rows": 3])
        let more = try await page.next()
        #expect(more.insertedIDs.count == 1)
        #expect(more["counts"] == nil)
        try await page.send(["type": "showRows", "rows": 0])
        #expect(try await page.next()["code"] as? String == "invalidField")
      }
      // Rows that are not a whole number from 1 to a million: every row, no counts.
      try await withLivePage(port: port, path: "/live?rows=0") { page in
        let snapshot = try await page.next()
        #expect(snapshot["counts"] == nil)
        #expect((snapshot["sections"] as? [[String: Any]])?.first?["items"] as? [String] != nil)
      }
    }
  }

  @Test("the static client is served at /")
  func staticFiles() async throws {
    try await withLiveServer { client in
      let index = try await client.execute(uri: "/", method: .get)
      #expect(index.status == .ok)
      #expect(index.headers[.contentType]?.hasPrefix("text/html") == true)
      #expect(String(buffer: index.body).contains(#"aria-label="New todo""#))
      let script = try await client.execute(uri: "/app.js", method: .get)
      #expect(script.status == .ok)
      #expect(script.headers[.contentType]?.contains("javascript") == true)
      let missing = try await client.execute(uri: "/nope.js", method: .get)
      #expect(missing.status == .notFound)
    }
  }
}

private let inboxID = "00000000-0000-4000-8000-000000000001"
