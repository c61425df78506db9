import Foundation
import HTTPTypes
import Hummingbird
import Logging

/// Gives every response the request's id (`X-Request-ID`, the id its log lines carry as
/// `hb.request.id`), and with `logs` logs one line per request once it is answered: method,
/// path (never the query string, which may carry what a person typed), status and duration.
/// No header, cookie or body is ever logged.
struct RequestLogMiddleware: RouterMiddleware {
  typealias Context = TodoRequestContext

  /// Whether each request gets a log line.
  let logs: Bool

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    let start = ContinuousClock.now
    let id = context.id
    do {
      var response = try await next(request, context)
      response.headers[.requestID] = id
      if logs { log(request, status: response.status.code, since: start, context: context) }
      return response
    } catch {
      guard let answered = error as? any HTTPResponseError else {
        if logs { log(request, status: 500, since: start, context: context) }
        throw error
      }
      if logs { log(request, status: answered.status.code, since: start, context: context) }
      throw RequestIdentified(error: answered, id: id)
    }
  }

  private func log(
    _ request: Request, status: Int, since start: ContinuousClock.Instant, context: Context
  ) {
    let elapsed = ContinuousClock.now - start
    let milliseconds =
      Double(elapsed.components.seconds) * 1_000 + Double(elapsed.components.attoseconds) / 1e15
    context.logger.info(
      "request",
      metadata: [
        "http.method": .string(request.method.rawValue),
        "http.path": .string(request.uri.path),
        "http.status": .stringConvertible(status),
        "client.address": .string(context.peerAddress),
        "duration_ms": .stringConvertible((milliseconds * 10).rounded() / 10),
      ])
  }
}

/// An error on its way out, with the id of the request it answers: the response it becomes
/// carries `X-Request-ID` too.
struct RequestIdentified: HTTPResponseError {
  let error: any HTTPResponseError
  let id: String

  var status: HTTPResponse.Status { error.status }

  func response(from request: Request, context: some RequestContext) throws -> Response {
    var response = try error.response(from: request, context: context)
    response.headers[.requestID] = id
    return response
  }
}

extension HTTPField.Name {
  /// `X-Request-ID`: the id of the request a response answers, as its log lines name it.
  static let requestID = Self("X-Request-ID")!
}
