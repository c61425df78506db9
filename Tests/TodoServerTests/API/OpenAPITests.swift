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

  /// The documented methods of every documented path, in the order `Allow` lists them.
  static func documentedMethods() throws -> [String: [String]] {
    var methods: [String: [String]] = [:]
    for route in try documentedRoutes() {
      let parts = route.split(separator: " ", maxSplits: 1).map(String.init)
      methods[parts[1], default: []].append(parts[0])
    }
    let order = ["GET", "POST", "PUT", "PATCH", "DELETE"]
    return methods.mapValues { $0.sorted { order.firstIndex(of: $0)! < order.firstIndex(of: $1)! } }
  }

  @Test("every route the router answers is documented, and every documented route exists")
  func inSync() throws {
    let router = buildRouter(
      state: ServerState(origins: ServerOptions(database: .inMemory).makeOrigins()))
    let answered = Set(router.routes.map { "\($0.method.rawValue) \($0.path)" })
    let documented = try Self.documentedRoutes()
    let paths = try Self.documentedMethods()
    // The other methods of a documented path are routed too, to answer 405 (tested below).
    // CalDAV (`/dav`, `/.well-known/caldav`) is WebDAV, specified by RFC 4791 and RFC 6578
    // rather than by the document; Tests/caldav drives it with real clients.
    let undocumented = answered.subtracting(documented).filter {
      let path = String($0.split(separator: " ", maxSplits: 1)[1])
      let isCalDAV = path.hasPrefix("/dav") || path == "/.well-known/caldav" || $0 == "PROPFIND /"
      return paths[path] == nil && !isCalDAV
    }
    #expect(undocumented.sorted() == [], "routes missing from the document")
    #expect(documented.subtracting(answered).sorted() == [], "documented routes nobody answers")
    #expect(documented.count >= 25)
  }

  @Test("a method a documented path does not answer is 405 with Allow naming the documented ones")
  func methodNotAllowed() async throws {
    let paths = try Self.documentedMethods()
    try await withLiveServer { client in
      for (path, allowed) in paths {
        let uri = path.replacing(/\{[A-Za-z]+\}/, with: "00000000-0000-4000-8000-0000000000ff")
        for method in ["GET", "POST", "PUT", "PATCH", "DELETE"] where !allowed.contains(method) {
          let response = try await client.execute(
            uri: uri, method: HTTPRequest.Method(method)!,
            headers: [.contentType: "application/json"], body: ByteBuffer(string: "{}"))
          #expect(response.status == .methodNotAllowed, "\(method) \(path)")
          #expect(response.headers[.allow] == allowed.joined(separator: ", "), "\(method) \(path)")
          #expect(response.headers[.contentType] == "application/problem+json")
        }
      }
    }
  }

  @Test("every response of every operation is described, with problem+json for errors")
  func errorsAreProblems() throws {
    let data = try #require(OpenAPIDocument.data)
    let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let components = try #require(document["components"] as? [String: Any])
    let shared = try #require(components["responses"] as? [String: [String: Any]])
    for (name, response) in shared {
      let content = response["content"] as? [String: Any]
      #expect(content?.keys.sorted() == ["application/problem+json"], "\(name)")
    }
    let paths = try #require(document["paths"] as? [String: [String: Any]])
    for (path, item) in paths {
      for (method, operation) in item where method != "parameters" {
        let responses = try #require((operation as? [String: Any])?["responses"] as? [String: Any])
        // Every route may answer these, whatever it does.
        for status in ["400", "403", "413", "421", "431", "503"] {
          #expect(responses[status] != nil, "\(method) \(path) lacks \(status)")
        }
        if method != "get" {
          #expect(responses["415"] != nil, "\(method) \(path) lacks 415")
        }
      }
    }
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
