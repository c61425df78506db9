import Hummingbird

/// Refuses, with 415, a request that changes state (POST, PUT, PATCH, DELETE) and carries a
/// body that is not JSON: a form on another site cannot post one here.
///
/// `application/json` and any `application/*+json` type are accepted, with parameters
/// (`; charset=utf-8`). A request without a body needs no content type; a chunked body is
/// checked from its header like any other. CalDAV (`/dav/`) checks its own: its `PUT` takes
/// `text/calendar`, which no form can send, and its other methods no form can use.
struct ContentTypeMiddleware<Context: RequestContext>: RouterMiddleware {
  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    // CalDAV answers its own content types (a PUT is text/calendar, with its own error).
    if [.post, .put, .patch, .delete].contains(request.method), Self.hasBody(request),
      !request.uri.path.hasPrefix("/dav/")
    {
      let contentType = request.headers[.contentType]
      guard let contentType,
        Self.isJSON(contentType) || Self.isCalendarImport(request, contentType)
      else {
        throw Problem.unsupportedMediaType(contentType)
      }
    }
    return try await next(request, context)
  }

  /// `POST /api/v1/calendar.ics` with `text/calendar`, `POST /api/v1/import/todoist` with
  /// `text/csv`: types no HTML form can send (a page of another site would need a preflight,
  /// which the origin check refuses).
  static func isCalendarImport(_ request: Request, _ contentType: String) -> Bool {
    let type = contentType.split(separator: ";").first?.trimmingCharacters(in: .whitespaces)
      .lowercased()
    switch request.uri.path {
    case "/api/v1/calendar.ics": return type == "text/calendar"
    case "/api/v1/import/todoist": return type == "text/csv"
    default: return false
    }
  }

  static func hasBody(_ request: Request) -> Bool {
    if request.headers[.transferEncoding] != nil { return true }
    guard let length = request.headers[.contentLength] else { return false }
    return length != "0"
  }

  /// Whether a `Content-Type` value names JSON.
  ///
  /// Read byte by byte, without splitting, trimming or lowercasing copies: it runs twice for
  /// every write.
  static func isJSON(_ contentType: String) -> Bool {
    var contentType = contentType
    return contentType.withUTF8 { utf8 in
      var end = utf8.firstIndex(of: UInt8(ascii: ";")) ?? utf8.count
      var start = 0
      func isSpace(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == 0x09 }
      while start < end, isSpace(utf8[start]) { start += 1 }
      while end > start, isSpace(utf8[end - 1]) { end -= 1 }
      let type = UnsafeBufferPointer(rebasing: utf8[start..<end])
      func matches(_ expected: StaticString, at offset: Int) -> Bool {
        let length = expected.utf8CodeUnitCount
        guard offset >= 0, offset + length <= type.count else { return false }
        for index in 0..<length {
          // ASCII letters fold to lower case; the expected text is lower case already.
          var byte = type[offset + index]
          if byte >= UInt8(ascii: "A"), byte <= UInt8(ascii: "Z") { byte += 32 }
          if byte != expected.utf8Start[index] { return false }
        }
        return true
      }
      if type.count == 16 { return matches("application/json", at: 0) }
      return type.count > 17 && matches("application/", at: 0)
        && matches("+json", at: type.count - 5)
    }
  }
}
