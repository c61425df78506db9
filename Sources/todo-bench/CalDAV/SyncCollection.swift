import Foundation

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// The `sync-collection` REPORT (RFC 6578) as a sync client sends it, and its answer as the
/// benchmark checks it.
enum SyncCollection {
  /// What the REPORT asks for of each changed resource.
  enum Properties {
    /// `getetag` only: what DAVx⁵ and vdirsyncer ask on a first sync, before fetching the
    /// resources they do not have.
    case etag
    /// `getetag` and `calendar-data`: every changed resource in full.
    case etagAndData
  }

  /// The request body: `token` empty for a first sync.
  static func body(token: String, properties: Properties) -> String {
    let tokenElement = token.isEmpty ? "<d:sync-token/>" : "<d:sync-token>\(token)</d:sync-token>"
    let data = properties == .etagAndData ? "<c:calendar-data/>" : ""
    return """
      <?xml version="1.0" encoding="utf-8"?>
      <d:sync-collection xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">\
      \(tokenElement)<d:sync-level>1</d:sync-level>\
      <d:prop><d:getetag/>\(data)</d:prop></d:sync-collection>
      """
  }

  /// The bytes of `REPORT path` with this body, to the server on `127.0.0.1:port`.
  static func request(
    _ path: String, port: Int, token: String, properties: Properties
  ) -> [UInt8] {
    let body = body(token: token, properties: properties)
    let text =
      "REPORT \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: keep-alive\r\n"
      + "Depth: 0\r\nContent-Type: application/xml; charset=utf-8\r\n"
      + "Content-Length: \(body.utf8.count)\r\n\r\n\(body)"
    return Array(text.utf8)
  }

  /// One `DAV:response` of a multistatus.
  struct Member: Equatable {
    var href = ""
    var etag: String?
    var calendarData: String?
    /// A member's own status (a removed resource: `HTTP/1.1 404 Not Found`).
    var status: String?
  }

  /// A `sync-collection` answer: its members and its new token.
  struct Answer {
    var members: [Member] = []
    var token = ""
  }

  /// Reads a multistatus body.
  static func parse(_ body: [UInt8]) throws -> Answer {
    let parser = XMLParser(data: Data(body))
    let reader = Reader()
    parser.delegate = reader
    parser.shouldProcessNamespaces = true
    guard parser.parse() else {
      throw BenchError(
        "the REPORT's answer is not XML: \(parser.parserError.map { "\($0)" } ?? "?")")
    }
    return reader.answer
  }

  /// Collects the members and the token from the parser's events.
  private final class Reader: NSObject, XMLParserDelegate {
    var answer = Answer()
    var member: Member?
    var text = ""
    var inPropstat = false

    func parser(
      _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
      qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
    ) {
      text = ""
      switch (namespaceURI ?? "", elementName) {
      case ("DAV:", "response"): member = Member()
      case ("DAV:", "propstat"): inPropstat = true
      default: break
      }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
      text += string
    }

    func parser(
      _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
      qualifiedName qName: String?
    ) {
      switch (namespaceURI ?? "", elementName) {
      case ("DAV:", "response"):
        if let member { answer.members.append(member) }
        member = nil
      case ("DAV:", "propstat"): inPropstat = false
      case ("DAV:", "href"): member?.href = text
      case ("DAV:", "getetag"): member?.etag = text
      case ("urn:ietf:params:xml:ns:caldav", "calendar-data"): member?.calendarData = text
      case ("DAV:", "status") where !inPropstat: member?.status = text
      case ("DAV:", "sync-token") where member == nil: answer.token = text
      default: break
      }
    }
  }

  /// The sequence of a `urn:todo:sync:N` token.
  static func sequence(_ token: String) -> UInt64? {
    let prefix = "urn:todo:sync:"
    guard token.hasPrefix(prefix) else { return nil }
    return UInt64(token.dropFirst(prefix.count))
  }
}
