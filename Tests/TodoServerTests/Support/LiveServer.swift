import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import PersistenceTestSupport
import Testing
import TodoServer

/// Runs `body` against a real server on a loopback port, over a temporary database that is
/// deleted afterwards. It starts once the server says its database is ready
/// (`onDatabaseReady`): the routes answer from then on, so nothing is polled.
///
/// The client is AsyncHTTPClient on `http://localhost:PORT`, so requests carry the `Host` a
/// browser sends (`localhost:PORT`), which the server checks.
///
/// - Parameters:
///   - todoBackendCORS: Whether `/todos` answers CORS for any origin (`--todo-backend-cors`).
///   - allowedOrigins: Origins that get CORS (`--allow-origin`).
func withLiveServer<T: Sendable>(
  todoBackendCORS: Bool = false, allowedOrigins: [String] = [],
  _ body: @escaping @Sendable (any TestClientProtocol) async throws -> T
) async throws -> T {
  let directory = FileManager.default.temporaryDirectory
    .appendingPathComponent("todo-server-tests-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  let store = try TestStoreLocation.newStore(in: directory, name: "todo.sqlite")
  defer {
    TestStoreLocation.remove(store)
    try? FileManager.default.removeItem(at: directory)
  }
  var logger = Logger(label: "todo.server.tests")
  logger.logLevel = .warning
  let (ready, announce) = AsyncStream<Void>.makeStream()
  let app = buildApplication(
    ServerOptions(
      host: "127.0.0.1", port: 0,
      database: store,
      allowedOrigins: allowedOrigins.compactMap(ServerOrigins.Origin.init),
      todoBackendCORS: todoBackendCORS),
    logger: logger,
    onDatabaseReady: {
      announce.yield()
      announce.finish()
    })
  return try await app.test(.ahc(.http)) { client in
    for await _ in ready { break }
    let health = try await client.execute(uri: "/healthz", method: .get)
    #expect(health.status == .ok, "the server said its database was ready")
    return try await body(client)
  }
}

// MARK: - JSON helpers

extension TestClientProtocol {
  /// Sends `json` (a JSON text) with `Content-Type: application/json`.
  func send(
    _ method: HTTPRequest.Method, _ uri: String, json: String? = nil,
    headers: HTTPFields = [:]
  ) async throws -> TestResponse {
    var headers = headers
    if json != nil, headers[.contentType] == nil { headers[.contentType] = "application/json" }
    return try await execute(
      uri: uri, method: method, headers: headers,
      body: json.map { ByteBuffer(string: $0) })
  }
}

extension TestResponse {
  /// The body decoded as `T` (ISO 8601 dates).
  func decode<T: Decodable>(_ type: T.Type = T.self) throws -> T {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    return try decoder.decode(T.self, from: Data(body.readableBytesView))
  }

  /// The body as text.
  var text: String { String(buffer: body) }

  /// The body as a JSON object.
  var object: [String: Any] {
    (try? JSONSerialization.jsonObject(with: Data(body.readableBytesView))) as? [String: Any]
      ?? [:]
  }
}

/// Checks that a response is an RFC 9457 problem with this status.
func expectProblem(
  _ response: TestResponse, _ status: HTTPResponse.Status, field: String? = nil,
  sourceLocation: SourceLocation = #_sourceLocation
) throws {
  #expect(response.status == status, "\(response.text)", sourceLocation: sourceLocation)
  #expect(
    response.headers[.contentType] == "application/problem+json", sourceLocation: sourceLocation)
  let problem = try response.decode(Problem.Payload.self)
  #expect(problem.status == Int(status.code), sourceLocation: sourceLocation)
  #expect(!problem.title.isEmpty, sourceLocation: sourceLocation)
  if let field { #expect(problem.field == field, sourceLocation: sourceLocation) }
  #expect(
    response.headers[.xContentTypeOptions] == "nosniff", sourceLocation: sourceLocation)
}
