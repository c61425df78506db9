import HTTPTypes
import OpenAPIRuntime

/// Lets the generated handlers read every JSON body: a request whose `Content-Type` is an
/// `application/*+json` type (`application/merge-patch+json`) is passed on as
/// `application/json`, the one type the document names.
///
/// ``ContentTypeMiddleware`` has already refused bodies that are not JSON with 415; without
/// this the generated code would refuse the `+json` types it accepted.
struct JSONMediaTypeMiddleware: ServerMiddleware {
  func intercept(
    _ request: HTTPRequest, body: HTTPBody?, metadata: ServerRequestMetadata,
    operationID: String, next: Next
  ) async throws -> (HTTPResponse, HTTPBody?) {
    var request = request
    if let contentType = request.headerFields[.contentType],
      ContentTypeMiddleware<TodoRequestContext>.isJSON(contentType)
    {
      request.headerFields[.contentType] = "application/json"
    }
    return try await next(request, body, metadata)
  }
}
