import Foundation
import Hummingbird

extension RequestContext {
  /// The path parameter `name` as an identifier; an unparsable one names no object (404).
  func identifier(_ name: String, of entity: String) throws -> UUID {
    let text = parameters.get(name) ?? ""
    guard let id = UUID(uuidString: text) else {
      throw Problem.notFound("no \(entity) \(text)")
    }
    return id
  }
}

extension Request {
  /// The version a client expects, from `If-Match` (`"3"`, `W/"3"` or `3`); `nil` without
  /// the header.
  ///
  /// - Throws: a 400 problem for a header that is not a version.
  func expectedVersion() throws -> Int? {
    guard let header = headers[.ifMatch] else { return nil }
    var text = Substring(header.trimmingCharacters(in: .whitespaces))
    if text.hasPrefix("W/") { text = text.dropFirst(2) }
    if text.hasPrefix("\""), text.hasSuffix("\""), text.count >= 2 {
      text = text.dropFirst().dropLast()
    }
    guard let version = Int(text), version >= 1 else {
      throw Problem.badRequest("If-Match \(header) is not a todo version", field: "If-Match")
    }
    return version
  }

  /// A query parameter, `nil` when absent or empty.
  func query(_ name: String) -> String? {
    guard let value = uri.queryParameters.get(name), !value.isEmpty else { return nil }
    return value
  }
}

extension HTTPFields {
  /// The `ETag` of a todo at `version`.
  static func etag(_ version: Int) -> HTTPFields {
    [.eTag: "\"\(version)\""]
  }
}
