import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import TodoCore
import TodoServer

@Suite("API concurrent writes")
struct ConcurrencyAPITests {
  @Test("100 parallel creates over 20 connections: all present, order keys distinct")
  func parallelCreates() async throws {
    try await withLiveServer { client in
      let port = try #require(client.port)
      let path = "/api/v1/lists/\(TodoList.inboxID)/todos"
      let statuses = try await withThrowingTaskGroup(of: [HTTPResponse.Status].self) { group in
        for connection in 0..<20 {
          group.addTask {
            try await TestClient.withClient(host: "127.0.0.1", port: port) { http in
              var statuses: [HTTPResponse.Status] = []
              for index in 0..<5 {
                let response = try await http.execute(
                  .init(
                    path, method: .post, authority: "127.0.0.1:\(port)",
                    headers: [.contentType: "application/json"],
                    body: ByteBuffer(string: #"{"title":"todo \#(connection * 5 + index)"}"#)))
                statuses.append(response.status)
              }
              return statuses
            }
          }
        }
        return try await group.reduce(into: []) { $0 += $1 }
      }
      #expect(statuses.count == 100)
      #expect(statuses.allSatisfy { $0 == .created })
      let todos = try await client.send(.get, path).decode([Todo].self)
      #expect(todos.count == 100)
      #expect(Set(todos.map(\.title)) == Set((0..<100).map { "todo \($0)" }))
      #expect(Set(todos.map(\.order)).count == 100)
      #expect(todos.map(\.order) == todos.map(\.order).sorted())
    }
  }
}
