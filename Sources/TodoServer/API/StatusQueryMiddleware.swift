import Foundation
import HTTPTypes
import OpenAPIRuntime
import TodoCore

/// Reads the `status` query parameter of `GET /api/v1/lists/{listID}/todos` with the domain's
/// parser before the generated code does, so that an unknown status is answered 422 with
/// `field: "status"` (as every other invalid value is) rather than the 400 the generated
/// enum's decoding failure would give.
struct StatusQueryMiddleware: ServerMiddleware {
  func intercept(
    _ request: HTTPRequest, body: HTTPBody?, metadata: ServerRequestMetadata,
    operationID: String, next: Next
  ) async throws -> (HTTPResponse, HTTPBody?) {
    if operationID == "listTodos", let path = request.path,
      let items = URLComponents(string: path)?.queryItems
    {
      for item in items where item.name == "status" {
        if let value = item.value, !value.isEmpty { _ = try TodoStatus(parsing: value) }
      }
    }
    return try await next(request, body, metadata)
  }
}
