import HTTPTypes
import OpenAPIRuntime

extension ServerMiddleware {
  /// What a middleware of the generated handlers calls to go on: the next middleware, or the
  /// handler itself.
  ///
  /// The type of `intercept(_:body:metadata:operationID:next:)`'s `next` parameter, spelled
  /// once for the middlewares of this module.
  typealias Next =
    @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (
      HTTPResponse, HTTPBody?
    )
}
