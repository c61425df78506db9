import AsyncHTTPClient
import Foundation
import HTTPTypes
import OpenAPIAsyncHTTPClient
import OpenAPIRuntime

extension RemoteBackend {
  /// The generated client for the server at `root`, over the process's shared
  /// AsyncHTTPClient (30 s per request unless told), with ``ProblemResponseMiddleware`` and, when there is
  /// one, the token of `todo login` (``StoredLogins``) or extra headers on every request.
  static func makeClient(
    root: URL, token: String? = nil, headers: HTTPFields = [:], timeoutMilliseconds: Int64 = 30_000
  ) -> Client {
    var text = root.absoluteString
    while text.hasSuffix("/") { text.removeLast() }
    var headers = headers
    if let token { headers[.authorization] = "Bearer \(token)" }
    return Client(
      serverURL: URL(string: text) ?? root,
      transport: AsyncHTTPClientTransport(
        configuration: .init(client: .shared, timeout: .milliseconds(timeoutMilliseconds))),
      middlewares: [ProblemResponseMiddleware(), HeadersMiddleware(headers: headers)])
  }

  /// Calls the server at `url` through a generated client, with the errors of
  /// ``call(_:)``.
  static func calling<T>(_ url: URL, _ operation: () async throws -> T) async throws -> T {
    do {
      return try await operation()
    } catch let error as ClientError {
      if let failure = error.underlyingError as? CLIError { throw failure }
      guard let response = error.response else {
        throw CLIError.unavailable(
          "cannot reach the server at \(url.absoluteString): "
            + error.underlyingError.localizedDescription)
      }
      throw CLIError.unavailable(
        "unexpected answer from \(error.operationID) (HTTP \(response.status.code)): "
          + "\(error.underlyingError)")
    }
  }

  /// Calls the server through the generated client.
  ///
  /// - Throws: the `CLIError` of a problem the server answered; `CLIError.unavailable` when
  ///   the server cannot be reached or answers something that is not the API's.
  func call<T>(_ operation: (Client) async throws -> T) async throws -> T {
    try await Self.calling(baseURL) { try await operation(client) }
  }

  /// The failure for an HTTP error status and its problem body.
  static func failure(status: Int, body: Data) -> CLIError {
    let problem = try? JSONDecoder().decode(Components.Schemas.Problem.self, from: body)
    let message = problem?.detail ?? problem?.title ?? "the server answered HTTP \(status)"
    switch status {
    case 401:
      return CLIError(
        message: "\(message): sign in with todo login SERVER-URL (or set $TODO_TOKEN)",
        status: .forbidden)
    case 403: return CLIError(message: message, status: .forbidden)
    case 404: return .notFound(message)
    case 409: return CLIError(message: message, status: .conflict)
    case 400..<500: return .invalid(message)
    default: return .unavailable("the server failed (HTTP \(status)): \(message)")
    }
  }
}

/// Turns every error response into the `CLIError` of its problem
/// (``RemoteBackend/failure(status:body:)``), so the generated code only ever decodes the
/// success responses and every command reports a problem the same way.
struct ProblemResponseMiddleware: ClientMiddleware {
  /// The most of an error body read: a problem is small.
  static let maximumBodySize = 1_048_576

  func intercept(
    _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
    next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
  ) async throws -> (HTTPResponse, HTTPBody?) {
    let (response, responseBody) = try await next(request, body, baseURL)
    guard response.status.code >= 400 else { return (response, responseBody) }
    var data = Data()
    if let responseBody {
      data = (try? await Data(collecting: responseBody, upTo: Self.maximumBodySize)) ?? Data()
    }
    throw RemoteBackend.failure(status: response.status.code, body: data)
  }
}

/// Adds fixed headers to every request: the login's `Authorization`, or a session's cookie
/// and CSRF token while `todo login` makes its token.
struct HeadersMiddleware: ClientMiddleware {
  let headers: HTTPFields

  func intercept(
    _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
    next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
  ) async throws -> (HTTPResponse, HTTPBody?) {
    var request = request
    for field in headers { request.headerFields[field.name] = field.value }
    return try await next(request, body, baseURL)
  }
}
