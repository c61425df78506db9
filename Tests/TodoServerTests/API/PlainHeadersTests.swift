import Foundation
import Testing

@testable import TodoServer

/// The generated code percent-encodes header values; ``PlainHeadersMiddleware`` sends them as
/// they were given.
@Suite("Plain headers")
struct PlainHeadersTests {
  @Test(
    "decodes what Foundation decodes, and leaves alone what it refuses",
    arguments: [
      "%221%22", "http%3A%2F%2F127.0.0.1%3A8080%2Fapi%2Fv1%2Ftodos%2FAB-CD", "%C3%A9t%C3%A9",
      "%e2%9c%93 lower-case hex", "100%", "%2", "%zz", "%C3", "%FF%FE", "a%2Fb%2f", "%25%32%32",
    ])
  func matchesFoundation(value: String) {
    #expect(PlainHeadersMiddleware.percentDecoded(value) == value.removingPercentEncoding)
  }

  @Test("a value without an escape is left as it is")
  func plain() {
    #expect(PlainHeadersMiddleware.percentDecoded("no escapes, \"quoted\"") == nil)
  }

  @Test("ETag and Location of a create are sent plain")
  func createHeaders() async throws {
    try await withLiveServer { client in
      let created = try await client.send(
        .post, "/api/v1/lists/00000000-0000-4000-8000-000000000001/todos",
        json: #"{"title":"plain"}"#)
      #expect(created.status == .created)
      #expect(created.headers[.eTag] == #""1""#)
      let location = try #require(created.headers[.location])
      #expect(location.hasPrefix("http://"))
      #expect(location.contains("/api/v1/todos/"))
      #expect(!location.contains("%"))
    }
  }
}
