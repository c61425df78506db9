import Foundation
import Hummingbird
import TodoCore

/// An error answered as an RFC 9457 problem: `application/problem+json` with `type`, `title`,
/// `status` and `detail`, plus `field` for validation and invalid-text errors and
/// `currentVersion` for version conflicts.
///
/// Every error a client can cause is a `Problem` by the time it leaves the server (the
/// ``ProblemMiddleware`` converts the others), so a client always gets a readable body and
/// the right status instead of a 500.
///
/// ```json
/// {"type": "urn:todo:problem:validation", "title": "Invalid input", "status": 422,
///  "detail": "title: a title cannot be empty", "field": "title"}
/// ```
public struct Problem: Error, HTTPResponseError, Sendable, Equatable {
  /// The problem type, a URI naming the kind of problem.
  public var type: String
  /// A short summary of the kind of problem.
  public var title: String
  /// The HTTP status.
  public var status: HTTPResponse.Status
  /// What went wrong this time, for a person.
  public var detail: String?
  /// The input field at fault, for validation and invalid-text problems.
  public var field: String?
  /// The todo's current version, for version conflicts.
  public var currentVersion: Version?
  /// Headers to send with the problem (`Allow`, `Retry-After`).
  public var headers: HTTPFields = [:]

  /// Creates a problem.
  public init(
    _ status: HTTPResponse.Status, type: String? = nil, title: String? = nil,
    detail: String? = nil, field: String? = nil, currentVersion: Version? = nil
  ) {
    self.status = status
    self.type = type ?? "about:blank"
    self.title = title ?? status.reasonPhrase
    self.detail = detail
    self.field = field
    self.currentVersion = currentVersion
  }

  /// The media type of problem bodies.
  public static let mediaType = "application/problem+json"

  public func response(from request: Request, context: some RequestContext) throws -> Response {
    var fields = headers
    fields[.contentType] = Self.mediaType
    return Response(status: status, headers: fields, body: .init(byteBuffer: body))
  }

  /// The JSON body.
  var body: ByteBuffer {
    let payload = Payload(
      type: type, title: title, status: Int(status.code), detail: detail, field: field,
      currentVersion: currentVersion)
    let data = (try? JSON.encoder.encode(payload)) ?? Data()
    return ByteBuffer(bytes: data)
  }

  /// The body as it is encoded and decoded (clients and tests decode it).
  public struct Payload: Codable, Sendable, Equatable {
    public var type: String
    public var title: String
    public var status: Int
    public var detail: String?
    public var field: String?
    public var currentVersion: Version?
  }
}

// MARK: - Common problems

extension Problem {
  /// 400: the body is not JSON, or not the JSON expected.
  static func malformedJSON(_ detail: String) -> Problem {
    Problem(
      .badRequest, type: "urn:todo:problem:malformed-json", title: "Malformed JSON",
      detail: detail)
  }

  /// 400: a query parameter or header is not usable.
  static func badRequest(_ detail: String, field: String? = nil) -> Problem {
    Problem(
      .badRequest, type: "urn:todo:problem:bad-request", title: "Bad request",
      detail: detail, field: field)
  }

  /// 404: no such route or object.
  static func notFound(_ detail: String) -> Problem {
    Problem(.notFound, type: "urn:todo:problem:not-found", title: "Not found", detail: detail)
  }

  /// 413: the body is larger than 1 MB.
  static var bodyTooLarge: Problem {
    Problem(
      .contentTooLarge, type: "urn:todo:problem:body-too-large",
      title: "Request body too large",
      detail: "request bodies are limited to \(TodoRequestContext.maximumBodySize) bytes")
  }

  /// 415: a body that is not JSON.
  static func unsupportedMediaType(_ received: String?) -> Problem {
    Problem(
      .unsupportedMediaType, type: "urn:todo:problem:unsupported-media-type",
      title: "Unsupported media type",
      detail: "send the body as application/json (got \(received ?? "no Content-Type"))")
  }

  /// 503: the database is not loaded yet.
  /// 401: no credentials, or credentials that do not hold.
  static func unauthorized(_ detail: String) -> Problem {
    var problem = Problem(
      .unauthorized, type: "urn:todo:problem:unauthorized", title: "Not signed in",
      detail: detail)
    problem.headers[.wwwAuthenticate] = "Bearer realm=\"todo\""
    return problem
  }

  static var unavailable: Problem {
    var problem = Problem(
      .serviceUnavailable, type: "urn:todo:problem:unavailable",
      title: "Not ready", detail: "the database is still loading")
    problem.headers[.retryAfter] = "1"
    return problem
  }
}
