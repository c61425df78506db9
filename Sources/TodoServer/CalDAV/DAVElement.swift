import Foundation

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// A namespace-qualified XML name: WebDAV names properties by namespace and local name
/// (`DAV:` `displayname`, `urn:ietf:params:xml:ns:caldav` `calendar-data`), whatever prefix a
/// client chose.
struct DAVName: Hashable, Sendable, CustomStringConvertible {
  var namespace: String
  var local: String

  init(_ namespace: String, _ local: String) {
    self.namespace = namespace
    self.local = local
  }

  var description: String { "{\(namespace)}\(local)" }

  static let dav = "DAV:"
  static let caldav = "urn:ietf:params:xml:ns:caldav"
  static let calendarServer = "http://calendarserver.org/ns/"
  static let apple = "http://apple.com/ns/ical/"

  static func dav(_ local: String) -> DAVName { DAVName(dav, local) }
  static func caldav(_ local: String) -> DAVName { DAVName(caldav, local) }
}

/// An element of a WebDAV request or response body: its name, its children and its text.
///
/// Request bodies are read with Foundation's `XMLParser` (the one XMLCoder reads with), with
/// namespaces processed: a property the server does not know still has its namespace, which
/// the `404` of a `PROPFIND` must repeat. XMLCoder's `Codable` mapping keeps local names only.
struct DAVElement: Sendable, Equatable {
  var name: DAVName
  var attributes: [String: String] = [:]
  var children: [DAVElement] = []
  var text: String = ""

  init(
    _ name: DAVName, attributes: [String: String] = [:], children: [DAVElement] = [],
    text: String = ""
  ) {
    self.name = name
    self.attributes = attributes
    self.children = children
    self.text = text
  }

  /// The first child with this name.
  func child(_ name: DAVName) -> DAVElement? { children.first { $0.name == name } }

  /// The children with this name.
  func children(_ name: DAVName) -> [DAVElement] { children.filter { $0.name == name } }

  // MARK: - Reading

  /// Why a body is not a WebDAV document.
  struct ParseError: Error, CustomStringConvertible {
    var description: String
  }

  /// Parses a request body. Documents with a DTD are refused: WebDAV never needs one, and
  /// entity declarations are how XML bodies exhaust a server.
  static func parse(_ data: Data) throws -> DAVElement {
    if data.range(of: Data("<!DOCTYPE".utf8)) != nil || data.range(of: Data("<!ENTITY".utf8)) != nil
    {
      throw ParseError(description: "the body has a DTD; WebDAV bodies have none")
    }
    let parser = XMLParser(data: data)
    let builder = TreeBuilder()
    parser.delegate = builder
    parser.shouldProcessNamespaces = true
    parser.shouldReportNamespacePrefixes = false
    parser.shouldResolveExternalEntities = false
    guard parser.parse(), let root = builder.root else {
      let reason = builder.failure ?? parser.parserError.map { "\($0.localizedDescription)" }
      throw ParseError(
        description: "the body is not well-formed XML (line \(parser.lineNumber)"
          + (reason.map { ": \($0)" } ?? "") + ")")
    }
    return root
  }

  /// Builds the tree from the parser's events.
  private final class TreeBuilder: NSObject, XMLParserDelegate {
    var stack: [DAVElement] = []
    var root: DAVElement?
    var failure: String?
    /// Deep nesting is refused rather than followed.
    let maximumDepth = 64

    func parser(
      _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
      qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
    ) {
      guard stack.count < maximumDepth else {
        failure = "elements nested deeper than \(maximumDepth)"
        parser.abortParsing()
        return
      }
      stack.append(
        DAVElement(DAVName(namespaceURI ?? "", elementName), attributes: attributeDict))
    }

    func parser(
      _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
      qualifiedName qName: String?
    ) {
      guard let element = stack.popLast() else { return }
      if stack.isEmpty {
        root = element
      } else {
        stack[stack.count - 1].children.append(element)
      }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
      guard !stack.isEmpty else { return }
      stack[stack.count - 1].text += string
    }

    func parser(_ parser: XMLParser, foundCDATA block: Data) {
      guard !stack.isEmpty else { return }
      stack[stack.count - 1].text += String(decoding: block, as: UTF8.self)
    }
  }

  // MARK: - Writing

  /// The element as XML, with the prefixes of ``DAVXMLWriter``.
  func write(to writer: inout DAVXMLWriter) {
    writer.open(name, attributes: attributes, empty: children.isEmpty && text.isEmpty)
    guard !(children.isEmpty && text.isEmpty) else { return }
    writer.text(text)
    for child in children { child.write(to: &writer) }
    writer.close(name)
  }
}

/// Writes a WebDAV response body: well-known namespaces get short prefixes declared once on
/// the root, any other namespace is declared where it is used.
struct DAVXMLWriter {
  private(set) var output = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
  private var isRoot = true

  static let prefixes: [String: String] = [
    DAVName.dav: "d", DAVName.caldav: "cal", DAVName.calendarServer: "cs", DAVName.apple: "ical",
  ]

  mutating func open(_ name: DAVName, attributes: [String: String] = [:], empty: Bool = false) {
    var tag: String
    var declarations = ""
    if let prefix = Self.prefixes[name.namespace] {
      tag = "\(prefix):\(name.local)"
    } else if name.namespace.isEmpty {
      tag = name.local
    } else {
      tag = "x:\(name.local)"
      declarations = " xmlns:x=\"\(Self.escape(name.namespace))\""
    }
    if isRoot {
      for (namespace, prefix) in Self.prefixes.sorted(by: { $0.value < $1.value }) {
        declarations += " xmlns:\(prefix)=\"\(namespace)\""
      }
      isRoot = false
    }
    output += "<\(tag)\(declarations)"
    for (key, value) in attributes.sorted(by: { $0.key < $1.key }) {
      output += " \(key)=\"\(Self.escape(value))\""
    }
    output += empty ? "/>" : ">"
  }

  mutating func close(_ name: DAVName) {
    if let prefix = Self.prefixes[name.namespace] {
      output += "</\(prefix):\(name.local)>"
    } else if name.namespace.isEmpty {
      output += "</\(name.local)>"
    } else {
      output += "</x:\(name.local)>"
    }
  }

  mutating func text(_ text: String) {
    output += Self.escape(text)
  }

  /// A leaf element with text (or empty).
  mutating func element(_ name: DAVName, _ text: String? = nil) {
    guard let text else { return open(name, empty: true) }
    open(name)
    self.text(text)
    close(name)
  }

  /// Text or an attribute value with `&`, `<`, `>`, `"` and `'` escaped; characters XML 1.0
  /// cannot carry (controls other than tab, newline and return) are left out.
  static func escape(_ text: String) -> String {
    // By runs of bytes: what needs a reference (or goes) is ASCII, or U+FFFE/U+FFFF
    // (EF BF BE, EF BF BF); everything between is copied as it is.
    let bytes = Array(text.utf8)
    var escaped: [UInt8] = []
    escaped.reserveCapacity(bytes.count + bytes.count / 16)
    var run = 0
    var index = 0
    func flush() { escaped.append(contentsOf: bytes[run..<index]) }
    while index < bytes.count {
      let byte = bytes[index]
      let replacement: StaticString?
      var skipped = 1
      switch byte {
      case UInt8(ascii: "&"): replacement = "&amp;"
      case UInt8(ascii: "<"): replacement = "&lt;"
      case UInt8(ascii: ">"): replacement = "&gt;"
      case UInt8(ascii: "\""): replacement = "&quot;"
      case UInt8(ascii: "'"): replacement = "&apos;"
      // A carriage return as a character reference: parsers turn a literal one into a line
      // feed, and iCalendar lines end in both.
      case UInt8(ascii: "\r"): replacement = "&#13;"
      case UInt8(ascii: "\t"), UInt8(ascii: "\n"):
        index += 1
        continue
      case 0..<0x20: replacement = ""
      case 0xEF
      where index + 2 < bytes.count && bytes[index + 1] == 0xBF
        && (bytes[index + 2] == 0xBE || bytes[index + 2] == 0xBF):
        replacement = ""
        skipped = 3
      default:
        index += 1
        continue
      }
      flush()
      if let replacement {
        replacement.withUTF8Buffer { escaped.append(contentsOf: $0) }
      }
      index += skipped
      run = index
    }
    if run == 0 { return text }
    flush()
    return String(decoding: escaped, as: UTF8.self)
  }
}
