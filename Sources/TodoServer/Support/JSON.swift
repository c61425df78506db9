import Foundation
import Hummingbird

/// Reading JSON request bodies and writing JSON responses, the same way on every route.
enum JSON {
  /// The encoder of every response: ISO 8601 dates, unescaped slashes.
  static let encoder: JSONEncoder = {
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = TimestampFormat.strategy
    encoder.outputFormatting = [.withoutEscapingSlashes]
    return encoder
  }()

  /// The decoder of every request body: ISO 8601 dates.
  static let decoder: JSONDecoder = {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    return decoder
  }()

  /// Reads the request body (up to the context's limit) as `T`.
  ///
  /// - Throws: a 413 problem for a body over the limit, a 400 problem for a missing body or
  ///   invalid JSON, a 415 problem for a body that is not declared as JSON, a 422 problem for a missing or mistyped field, and the `TodoError`s that
  ///   decoding raises for invalid values.
  ///
  /// - Parameter decoder: The decoder, ``decoder`` unless a route reads stricter (import).
  static func decode<T: Decodable>(
    _ type: T.Type, from request: Request, context: some RequestContext,
    decoder: JSONDecoder = JSON.decoder
  ) async throws -> T {
    let buffer = try await request.body.collect(upTo: context.maxUploadSize)
    guard buffer.readableBytes > 0 else {
      throw Problem.malformedJSON("the request has no body; send a JSON object")
    }
    let contentType = request.headers[.contentType]
    guard let contentType, ContentTypeMiddleware<TodoRequestContext>.isJSON(contentType) else {
      throw Problem.unsupportedMediaType(contentType)
    }
    return try decoder.decode(T.self, from: Data(buffer.readableBytesView))
  }

  /// A JSON response.
  static func response(
    _ value: some Encodable, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]
  ) throws -> Response {
    response(body: try encode(value), status: status, headers: headers)
  }

  /// A JSON response with an encoded body.
  static func response(
    body: ByteBuffer, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]
  ) -> Response {
    var fields = headers
    fields[.contentType] = "application/json; charset=utf-8"
    return Response(status: status, headers: fields, body: .init(byteBuffer: body))
  }

  /// `value` as JSON bytes.
  static func encode(_ value: some Encodable) throws -> ByteBuffer {
    ByteBuffer(bytes: try encoder.encode(value))
  }
}
