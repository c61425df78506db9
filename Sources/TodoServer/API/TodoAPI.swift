import Foundation
import HTTPTypes
import OpenAPIRuntime
import TodoCore

/// The JSON API, `/healthz` and the Todo-Backend API: the generated `APIProtocol` of
/// `Resources/openapi.json`, implemented with ``TodoService`` calls.
///
/// The generated server decodes every request into an operation's input (path, query,
/// headers, body) and encodes the output this returns; a handler throws a ``Problem`` or a
/// domain error for everything else, which ``ProblemMiddleware`` answers as problem+json.
struct TodoAPI: APIProtocol {
  let state: ServerState

  /// The service, acting for the signed-in account on a server with accounts, or a 503
  /// problem while the database is not loaded.
  ///
  /// A token the request presented is checked in the first transaction the returned service
  /// runs. With accounts on, a request without credentials (only public routes get here)
  /// acts for ``Principal/nobody``.
  func service() throws -> TodoService {
    RequestAuth.current.service(of: try state.requireService())
  }

  /// An identifier from the path; one that is not a UUID names no object (404).
  func identifier(_ text: some StringProtocol, of entity: String) throws -> UUID {
    guard let id = UUID(uuidString: String(text)) else {
      throw Problem.notFound("no \(entity) \(text)")
    }
    return id
  }

  /// The version a client expects, from `If-Match` (`"3"`, `W/"3"` or `3`); `nil` without
  /// the header.
  ///
  /// - Throws: a 400 problem for a header that is not a version.
  func expectedVersion(ifMatch header: String?) throws -> Version? {
    guard let header else { return nil }
    var text = Substring(header.trimmingCharacters(in: .whitespaces))
    if text.hasPrefix("W/") { text = text.dropFirst(2) }
    if text.hasPrefix("\""), text.hasSuffix("\""), text.count >= 2 {
      text = text.dropFirst().dropLast()
    }
    guard let version = Version(String(text)), version >= .initial else {
      throw Problem.badRequest("If-Match \(header) is not a todo version", field: "If-Match")
    }
    return version
  }

  // MARK: - Health

  func health(_ input: Operations.Health.Input) async throws -> Operations.Health.Output {
    guard state.service != nil else { throw Problem.unavailable }
    return .ok(.init(body: .json(.init(status: "ok"))))
  }

  func readiness(_ input: Operations.Readiness.Input) async throws
    -> Operations.Readiness.Output
  {
    let service = try state.requireService()
    if let reason = await service.unreadiness() {
      var problem = Problem.unavailable
      problem.detail = reason
      throw problem
    }
    return .ok(.init(body: .json(.init(status: "ok"))))
  }
}
