import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import TodoServer

@Suite("OpenAPI document")
struct OpenAPITests {
  /// `METHOD /path` for every operation of the document.
  static func documentedRoutes() throws -> Set<String> {
    let data = try #require(OpenAPIDocument.data)
    let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect(document["openapi"] as? String == "3.1.0")
    let paths = try #require(document["paths"] as? [String: [String: Any]])
    let methods: Set<String> = ["get", "put", "post", "delete", "patch", "head", "options"]
    var routes = Set<String>()
    for (path, item) in paths {
      for method in item.keys where methods.contains(method) {
        routes.insert("\(method.uppercased()) \(path)")
      }
    }
    return routes
  }

  @Test("every route the router answers is documented, and every documented route exists")
  func inSync() throws {
    let router = buildRouter(state: ServerState())
    let answered = Set(router.routes.map { "\($0.method.rawValue) \($0.path)" })
    let documented = try Self.documentedRoutes()
    #expect(answered.subtracting(documented).sorted() == [], "routes missing from the document")
    #expect(documented.subtracting(answered).sorted() == [], "documented routes nobody answers")
    #expect(answered.count >= 25)
  }

  @Test("every operation documents its responses, and every reference resolves")
  func wellFormed() throws {
    let data = try #require(OpenAPIDocument.data)
    let text = String(decoding: data, as: UTF8.self)
    let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let components = try #require(document["components"] as? [String: Any])
    let schemas = try #require(components["schemas"] as? [String: Any])
    let references = text.components(separatedBy: "\"#/components/schemas/").dropFirst()
      .compactMap { $0.split(separator: "\"").first.map(String.init) }
    #expect(!references.isEmpty)
    for name in Set(references) { #expect(schemas[name] != nil, "unresolved \(name)") }
    let paths = try #require(document["paths"] as? [String: [String: Any]])
    for (path, item) in paths {
      for (method, operation) in item where method != "parameters" {
        let responses = (operation as? [String: Any])?["responses"] as? [String: Any]
        #expect(responses?.isEmpty == false, "\(method) \(path) has no responses")
      }
    }
  }

  @Test("the server serves the document at /api/v1/openapi.json")
  func served() async throws {
    try await withLiveServer { client in
      let response = try await client.send(.get, "/api/v1/openapi.json")
      #expect(response.status == .ok)
      #expect(Data(response.body.readableBytesView) == OpenAPIDocument.data)
    }
  }
}
