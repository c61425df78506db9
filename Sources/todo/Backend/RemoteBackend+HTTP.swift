import Foundation
import TodoCore

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

// MARK: - Requests

extension RemoteBackend {
  /// Sends a request with an optional JSON body and decodes the answer as `T`.
  func send<T: Decodable>(
    _ method: String, _ path: String, query: [URLQueryItem] = [],
    body: (some Encodable)? = String?.none, headers: [String: String] = [:]
  ) async throws -> T {
    let data = try body.map { try Self.encoder.encode($0) }
    return try await send(method, path, query: query, rawBody: data, headers: headers)
  }

  /// Sends a request with `rawBody` as its JSON body and decodes the answer as `T`.
  ///
  /// - Throws: `CLIError.unavailable` when the server cannot be reached or answers something
  ///   that is not the API's JSON; the `CLIError` of the problem it answers otherwise.
  func send<T: Decodable>(
    _ method: String, _ path: String, query: [URLQueryItem] = [], rawBody: Data?,
    headers: [String: String] = [:]
  ) async throws -> T {
    let request = try makeRequest(method, path, query: query, body: rawBody, headers: headers)
    let data: Data
    let response: URLResponse
    do {
      (data, response) = try await session.data(for: request)
    } catch {
      throw CLIError.unavailable(
        "cannot reach the server at \(baseURL.absoluteString): \(error.localizedDescription)")
    }
    guard let http = response as? HTTPURLResponse else {
      throw CLIError.unavailable("the server at \(baseURL.absoluteString) did not answer HTTP")
    }
    guard (200..<300).contains(http.statusCode) else {
      throw Self.failure(status: http.statusCode, body: data)
    }
    do {
      return try Self.decoder.decode(T.self, from: data)
    } catch {
      throw CLIError.unavailable(
        "unexpected answer from \(method) \(path) (HTTP \(http.statusCode)): \(error)")
    }
  }

  /// The request for `method` on `/api/v1` + `path` under the server's root URL.
  ///
  /// - Throws: `CLIError.invalid` when the URL cannot be built.
  func makeRequest(
    _ method: String, _ path: String, query: [URLQueryItem], body: Data?,
    headers: [String: String]
  ) throws -> URLRequest {
    var root = baseURL.absoluteString
    while root.hasSuffix("/") { root.removeLast() }
    guard var components = URLComponents(string: root + "/api/v1" + path) else {
      throw CLIError.invalid("cannot build a request URL from \(root)")
    }
    if !query.isEmpty { components.queryItems = query }
    guard let url = components.url else {
      throw CLIError.invalid("cannot build a request URL from \(root)")
    }
    var request = URLRequest(url: url)
    request.httpMethod = method
    request.setValue("application/json", forHTTPHeaderField: "Accept")
    if let body {
      request.httpBody = body
      request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    }
    for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
    return request
  }

  /// The failure for an HTTP error status and its problem body.
  static func failure(status: Int, body: Data) -> CLIError {
    let problem = try? decoder.decode(ProblemPayload.self, from: body)
    let message = problem?.detail ?? problem?.title ?? "the server answered HTTP \(status)"
    switch status {
    case 404: return .notFound(message)
    case 409: return CLIError(message: message, status: .conflict)
    case 400..<500: return .invalid(message)
    default: return .unavailable("the server failed (HTTP \(status)): \(message)")
    }
  }

  /// The encoder of request bodies (ISO 8601 dates, as the server reads them).
  static let encoder: JSONEncoder = {
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .iso8601
    return encoder
  }()

  /// The decoder of response bodies (ISO 8601 dates, as the server writes them).
  static let decoder: JSONDecoder = {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    return decoder
  }()
}

// MARK: - Bodies

/// An RFC 9457 problem as the server sends it.
struct ProblemPayload: Decodable {
  var title: String?
  var status: Int?
  var detail: String?
}

/// `{"lists": 1, "todos": 2}`: what an import wrote or emptying the trash deleted.
struct CountsPayload: Decodable {
  var lists: Int
  var todos: Int
}

/// The body of `POST /lists/{id}/todos`.
struct NewTodoPayload: Encodable {
  var title: String
  var notes: String?
  var deadline: String?
  var status: String
  var section: String?

  init(_ draft: NewTodo) {
    title = draft.title
    notes = draft.notes.isEmpty ? nil : draft.notes
    deadline = draft.deadline?.rawValue
    status = draft.status.rawValue
    section = draft.section
  }
}

/// The body of `PATCH /todos/{id}`: only the fields the patch changes; `null` removes a
/// deadline or section.
struct PatchPayload: Encodable {
  var patch: TodoPatch
  var version: Int?

  private enum CodingKeys: String, CodingKey {
    case title, notes, deadline, status, section, listID, version
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encodeIfPresent(patch.title, forKey: .title)
    try container.encodeIfPresent(patch.notes, forKey: .notes)
    if let deadline = patch.deadline {
      try container.encode(deadline?.rawValue, forKey: .deadline)
    }
    try container.encodeIfPresent(patch.status?.rawValue, forKey: .status)
    if let section = patch.section { try container.encode(section, forKey: .section) }
    try container.encodeIfPresent(patch.listID, forKey: .listID)
    try container.encodeIfPresent(version, forKey: .version)
  }
}

/// The body of `POST /todos/{id}/move`.
struct MovePayload: Encodable {
  var position: MovePosition
  var version: Int?

  private enum CodingKeys: String, CodingKey { case before, after, to, version }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    switch position {
    case .before(let id): try container.encode(id, forKey: .before)
    case .after(let id): try container.encode(id, forKey: .after)
    case .top: try container.encode("top", forKey: .to)
    case .bottom: try container.encode("bottom", forKey: .to)
    }
    try container.encodeIfPresent(version, forKey: .version)
  }
}
