import Foundation
import HTTPTypes
import OpenAPIRuntime

/// Writes the response headers of the generated handlers as they were given.
///
/// The generated code writes header values in the URI "simple" style, percent-encoding them
/// (`ETag: %221%22`, `Location: http%3A%2F%2F…`); HTTP headers are plain text, and clients
/// read `ETag: "1"` and an absolute `Location`.
struct PlainHeadersMiddleware: ServerMiddleware {
  func intercept(
    _ request: HTTPRequest, body: HTTPBody?, metadata: ServerRequestMetadata,
    operationID: String,
    next:
      @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (
        HTTPResponse, HTTPBody?
      )
  ) async throws -> (HTTPResponse, HTTPBody?) {
    var (response, responseBody) = try await next(request, body, metadata)
    response.headerFields = HTTPFields(
      response.headerFields.map { field in
        var field = field
        if field.value.contains("%"), let plain = field.value.removingPercentEncoding {
          field.value = plain
        }
        return field
      })
    return (response, responseBody)
  }
}
