import NIOHTTP1

/// The checks of a request head that need no route: one pass over its headers.
extension HTTPGuardHandler {
  /// Whether routes answer `method`; anything else is 501.
  static func isImplemented(_ method: HTTPMethod) -> Bool {
    switch method {
    case .GET, .HEAD, .POST, .PUT, .PATCH, .DELETE, .OPTIONS: true
    // CalDAV's (RFC 4918, RFC 3253, RFC 4791).
    case .PROPFIND, .PROPPATCH, .REPORT, .MKCALENDAR, .MKCOL: true
    default: false
    }
  }

  /// What is wrong with a request head, if anything, and whether it asks for a WebSocket.
  /// One pass over the headers.
  func check(_ head: HTTPRequestHead) -> (
    refusal: (HTTPResponseStatus, String)?, webSocket: Bool
  ) {
    var hosts = 0
    var host = ""
    var contentLength: String?
    var webSocket = false
    var origin: String?
    for (name, value) in head.headers {
      switch name.utf8.count {
      case 4 where Self.isName(name, "host"):
        hosts += 1
        host = value
      case 6 where Self.isName(name, "origin"):
        origin = value
      case 7 where Self.isName(name, "upgrade"):
        webSocket = webSocket || Self.isName(value, "websocket")
      case 14 where Self.isName(name, "content-length"):
        contentLength = value
      default:
        break
      }
    }
    guard hosts == 1, !host.isEmpty else {
      return ((.badRequest, "a request needs exactly one Host header"), webSocket)
    }
    guard origins.isOwnHost(host) else {
      return ((.misdirectedRequest, "this server does not answer for the host \(host)"), webSocket)
    }
    guard head.uri.utf8.count <= limits.maximumURILength else {
      return (
        (.uriTooLong, "request targets are limited to \(limits.maximumURILength) bytes"), webSocket
      )
    }
    guard Self.isImplemented(head.method) else {
      return ((.notImplemented, "the method \(head.method.rawValue) is not implemented"), webSocket)
    }
    if let contentLength, let length = Int(contentLength), length > limits.maximumBodySize {
      return (
        (.payloadTooLarge, "request bodies are limited to \(limits.maximumBodySize) bytes"),
        webSocket
      )
    }
    if webSocket {
      let path = head.uri.split(separator: "?", maxSplits: 1).first.map(String.init) ?? ""
      guard webSocketPaths.contains(path) else {
        return ((.notFound, "no WebSocket at \(path)"), webSocket)
      }
      if let origin, !origins.isTrustedForWebSocket(origin) {
        return ((.forbidden, "WebSocket connections from \(origin) are not allowed"), webSocket)
      }
    }
    return (nil, webSocket)
  }

  /// Whether `text` is `lowercase` in any case (ASCII).
  static func isName(_ text: String, _ lowercase: StaticString) -> Bool {
    guard text.utf8.count == lowercase.utf8CodeUnitCount else { return false }
    return lowercase.withUTF8Buffer { expected in
      zip(text.utf8, expected).allSatisfy { byte, want in
        (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte) == want
      }
    }
  }

  /// Whether `bytes` begin like a request line: a method token, a space and a target.
  static func isRequestLine(_ bytes: [UInt8]) -> Bool {
    guard let space = bytes.firstIndex(of: UInt8(ascii: " ")), space > 0,
      space + 1 < bytes.count
    else { return false }
    let token = bytes[..<space].allSatisfy { byte in
      (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
        || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
        || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
        || Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
    }
    let target = bytes[space + 1]
    return token
      && (target == UInt8(ascii: "/") || target == UInt8(ascii: "*")
        || target == UInt8(ascii: "h"))
  }
}
