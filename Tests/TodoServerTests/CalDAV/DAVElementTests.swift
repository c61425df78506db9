import Foundation
import Testing

@testable import TodoServer

@Suite("WebDAV bodies: namespaces read whatever the prefix, DTDs refused, text escaped")
struct DAVElementTests {
  @Test("escaping: the five entities, CR as a reference, controls and U+FFFE/U+FFFF left out")
  func escaping() {
    #expect(DAVXMLWriter.escape("plain é 日本 🙂") == "plain é 日本 🙂")
    #expect(
      DAVXMLWriter.escape("a&b<c>d\"e'f") == "a&amp;b&lt;c&gt;d&quot;e&apos;f")
    #expect(DAVXMLWriter.escape("line\r\nnext\ttab") == "line&#13;\nnext\ttab")
    #expect(DAVXMLWriter.escape("bell\u{07}esc\u{1B}") == "bellesc")
    #expect(DAVXMLWriter.escape("x\u{FFFE}y\u{FFFF}z\u{FFFD}") == "xyz\u{FFFD}")
    #expect(DAVXMLWriter.escape("") == "")
  }

  @Test("a property is its namespace and name, with any prefix or a default namespace")
  func namespaces() throws {
    let prefixed = try DAVElement.parse(
      Data(
        """
        <?xml version="1.0"?><D:propfind xmlns:D="DAV:" xmlns:x="urn:other"><D:prop>\
        <D:displayname/><x:thing/></D:prop></D:propfind>
        """.utf8))
    let defaulted = try DAVElement.parse(
      Data(
        """
        <propfind xmlns="DAV:"><prop><displayname/><thing xmlns="urn:other"/></prop></propfind>
        """.utf8))
    for document in [prefixed, defaulted] {
      #expect(document.name == .dav("propfind"))
      #expect(
        document.child(.dav("prop"))?.children.map(\.name)
          == [.dav("displayname"), DAVName("urn:other", "thing")])
    }
  }

  @Test("a body with a DTD, or that is not XML, is refused")
  func refusals() {
    let entities = """
      <?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;">]>
      <propfind xmlns="DAV:">&b;</propfind>
      """
    #expect(throws: DAVElement.ParseError.self) { try DAVElement.parse(Data(entities.utf8)) }
    #expect(throws: DAVElement.ParseError.self) {
      try DAVElement.parse(Data("<propfind xmlns=\"DAV:\"><prop>".utf8))
    }
    let deep = String(repeating: "<a>", count: 100) + String(repeating: "</a>", count: 100)
    #expect(throws: DAVElement.ParseError.self) { try DAVElement.parse(Data(deep.utf8)) }
  }

  @Test("a written element declares unknown namespaces where it stands and escapes its text")
  func writing() {
    var writer = DAVXMLWriter()
    DAVElement(
      .dav("multistatus"),
      children: [
        DAVElement(.dav("href"), text: "/a&b"), DAVElement(DAVName("urn:other", "thing")),
      ]
    ).write(to: &writer)
    #expect(writer.output.contains("<d:href>/a&amp;b</d:href>"))
    #expect(writer.output.contains("<x:thing xmlns:x=\"urn:other\"/>"))
    #expect(writer.output.hasSuffix("</d:multistatus>"))
  }
}
