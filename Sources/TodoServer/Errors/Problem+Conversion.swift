import Foundation
import Hummingbird
import OpenAPIRuntime
import TodoCore

extension Problem {
  /// The problem a client sees for `error`; `nil` if the error is the server's fault (a 500).
  ///
  /// - Domain errors: text with a control character is 400 (`invalid-text`, with `field`),
  ///   validation and invalid imports are 422, unknown objects 404, version conflicts 409
  ///   (with the current version).
  /// - JSON decoding errors are 400 (not JSON) or 422 (a missing or mistyped field).
  /// - Hummingbird's own HTTP errors keep their status (404 for unknown routes, 413 for a
  ///   body over the limit).
  /// - Errors of the generated API code (`ServerError`) are their underlying error: what a
  ///   handler threw, a decoding error of the body, or the runtime's own refusal of a request
  ///   it cannot read (its 4xx status, as a problem: 415 for a body that is not JSON, 400
  ///   otherwise).
  init?(converting error: any Error) {
    switch error {
    case let problem as Problem:
      self = problem
    case let error as ServerError:
      if let problem = Problem(converting: error.underlyingError) {
        self = problem
      } else if error.httpStatus == .unsupportedMediaType {
        self = .unsupportedMediaType(error.request.headerFields[.contentType])
      } else if error.httpStatus == .badRequest {
        self = .badRequest(error.causeDescription)
      } else if (400..<500).contains(error.httpStatus.code) {
        self = Problem(error.httpStatus, detail: error.causeDescription)
      } else {
        return nil
      }
    case let error as TodoError:
      self.init(todoError: error)
    case let error as DecodingError:
      if case .dataCorrupted(let context) = error, context.codingPath.isEmpty {
        self = .malformedJSON("the body is not valid JSON")
      } else {
        self = Problem(
          .unprocessableContent, type: "urn:todo:problem:validation",
          title: "Invalid input", detail: error.readableDescription,
          field: Self.field(of: error))
      }
    case let error as HTTPError:
      switch error.status {
      case .notFound: self = .notFound("no route answers this path and method")
      case .contentTooLarge: self = .bodyTooLarge
      default: self = Problem(error.status, detail: error.body)
      }
      self.headers = error.headers
    case let error as any HTTPResponseError where error.status == .contentTooLarge:
      _ = error
      self = .bodyTooLarge
    case let error as any HTTPResponseError where error.status.code < 500:
      self = Problem(error.status)
    default:
      return nil
    }
  }

  private init(todoError: TodoError) {
    switch todoError {
    case .validation(let field, let message):
      self = Problem(
        .unprocessableContent, type: "urn:todo:problem:validation",
        title: "Invalid input", detail: "\(field): \(message)", field: field)
    case .invalidText(let field, _):
      self = Problem(
        .badRequest, type: "urn:todo:problem:invalid-text", title: "Invalid text",
        detail: todoError.description, field: field)
    case .notFound:
      self = .notFound(todoError.description)
    case .versionConflict(_, let current):
      self = Problem(
        .conflict, type: "urn:todo:problem:version-conflict",
        title: "Version conflict", detail: todoError.description, currentVersion: current)
    case .invalidImport:
      self = Problem(
        .unprocessableContent, type: "urn:todo:problem:invalid-import",
        title: "Invalid import", detail: todoError.description)
    case .unavailable:
      // The database is down or restarting: the client may retry; nothing was written.
      self = Problem(
        .serviceUnavailable, type: "urn:todo:problem:unavailable",
        title: "Database unavailable", detail: todoError.description)
      headers[.retryAfter] = "2"
    case .forbidden:
      self = Problem(
        .forbidden, type: "urn:todo:problem:forbidden", title: "Not allowed",
        detail: todoError.description)
    case .unauthenticated(let reason):
      self = .unauthorized(reason)
    }
  }

  private static func field(of error: DecodingError) -> String? {
    let path: [any CodingKey]
    switch error {
    case .keyNotFound(let key, let context): path = context.codingPath + [key]
    case .typeMismatch(_, let context), .valueNotFound(_, let context),
      .dataCorrupted(let context):
      path = context.codingPath
    @unknown default: path = []
    }
    return path.last(where: { $0.intValue == nil })?.stringValue
  }
}
