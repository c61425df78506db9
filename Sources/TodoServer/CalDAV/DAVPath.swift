import Foundation

/// Where a CalDAV request points, in the server's layout:
///
/// | path | what |
/// |---|---|
/// | `/dav/` | the root: where clients find their principal |
/// | `/dav/principals/NAME/` | the signed-in user (`me` on a server without accounts) |
/// | `/dav/calendars/NAME/` | their calendar home: one calendar per list they see |
/// | `/dav/calendars/NAME/LIST/` | a list (the segment it was created at, or its identifier) |
/// | `/dav/calendars/NAME/LIST/RESOURCE` | a todo (`….ics`) |
enum DAVPath: Equatable {
  case root
  case principals
  case principal(user: String)
  case home(user: String)
  case calendar(user: String, segment: String)
  case resource(user: String, segment: String, name: String)

  /// The root's path.
  static let rootPath = "/dav/"

  /// Reads a request's path (percent-encoded, as sent); `nil` for one outside the layout.
  init?(path: String) {
    guard path == "/dav" || path.hasPrefix("/dav/") else { return nil }
    var segments: [String] = []
    for raw in path.dropFirst(4).split(separator: "/", omittingEmptySubsequences: true) {
      guard let segment = raw.removingPercentEncoding, !segment.isEmpty, segment != ".",
        segment != "..", !segment.contains("/")
      else { return nil }
      segments.append(segment)
    }
    switch segments.count {
    case 0: self = .root
    case 1 where segments[0] == "principals": self = .principals
    case 2 where segments[0] == "principals": self = .principal(user: segments[1])
    case 2 where segments[0] == "calendars": self = .home(user: segments[1])
    case 3 where segments[0] == "calendars":
      self = .calendar(user: segments[1], segment: segments[2])
    case 4 where segments[0] == "calendars":
      self = .resource(user: segments[1], segment: segments[2], name: segments[3])
    default: return nil
    }
  }

  /// The user the path belongs to, if it names one.
  var user: String? {
    switch self {
    case .root, .principals: nil
    case .principal(let user), .home(let user), .calendar(let user, _),
      .resource(let user, _, _):
      user
    }
  }

  /// The href of a path, percent-encoded; collections end in `/`.
  var href: String {
    switch self {
    case .root: Self.rootPath
    case .principals: "/dav/principals/"
    case .principal(let user): "/dav/principals/\(Self.encode(user))/"
    case .home(let user): "/dav/calendars/\(Self.encode(user))/"
    case .calendar(let user, let segment):
      "/dav/calendars/\(Self.encode(user))/\(Self.encode(segment))/"
    case .resource(let user, let segment, let name):
      "/dav/calendars/\(Self.encode(user))/\(Self.encode(segment))/\(Self.encode(name))"
    }
  }

  /// A path segment, percent-encoded: ASCII letters, digits and `-._~@+=:` as they are,
  /// every other byte of its UTF-8 as `%XX`.
  static func encode(_ segment: String) -> String {
    if segment.utf8.allSatisfy(isUnreserved) { return segment }
    var encoded = ""
    for byte in segment.utf8 {
      if isUnreserved(byte) {
        encoded.unicodeScalars.append(Unicode.Scalar(byte))
      } else {
        encoded +=
          "%" + String(byte >> 4, radix: 16, uppercase: true)
          + String(byte & 0xF, radix: 16, uppercase: true)
      }
    }
    return encoded
  }

  private static func isUnreserved(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"):
      true
    case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"),
      UInt8(ascii: "@"), UInt8(ascii: "+"), UInt8(ascii: "="), UInt8(ascii: ":"):
      true
    default: false
    }
  }

  /// A resource name a client may give a todo: a path segment of printable characters.
  static func isValidResourceName(_ name: String) -> Bool {
    !name.isEmpty && name.utf8.count <= 255
      && name.unicodeScalars.allSatisfy { $0.value > 0x20 && $0.value != 0x7F && $0 != "/" }
  }
}
