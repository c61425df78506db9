import Testing
import TodoServer

@Suite("Server origins and names")
struct ServerOriginsTests {
  @Test("a loopback server's names carry its port; nothing is its own before it listens")
  func loopback() {
    let origins = ServerOrigins(bindHost: "127.0.0.1")
    #expect(!origins.isOwnHost("127.0.0.1:8080"), "nothing gets in before the port is known")
    origins.bind(port: 8080)
    for host in ["127.0.0.1:8080", "localhost:8080", "LOCALHOST:8080", "[::1]:8080"] {
      #expect(origins.isOwnHost(host), "\(host)")
    }
    for host in ["127.0.0.1", "localhost:8081", "evil.test:8080", "127.0.0.1.evil.test:8080", ""] {
      #expect(!origins.isOwnHost(host), "\(host)")
    }
    #expect(origins.isTrusted("http://localhost:8080"))
    for origin in ["null", "https://localhost:8080", "http://localhost:8081", "http://evil.test"] {
      #expect(!origins.isTrusted(origin), "\(origin)")
    }
    #expect(origins.preferred.description == "http://127.0.0.1:8080")
  }

  @Test("the public URL is the preferred origin; allowed origins are trusted but not names")
  func publicAndAllowed() throws {
    let origins = ServerOrigins(
      bindHost: "127.0.0.1",
      publicOrigin: try #require(ServerOrigins.Origin("https://todo.example.test")),
      allowedOrigins: [try #require(ServerOrigins.Origin("https://app.example.test:8443"))])
    origins.bind(port: 9000)
    #expect(origins.isOwnHost("todo.example.test"))
    #expect(origins.isOwnHost("todo.example.test:443"))
    #expect(origins.preferred.description == "https://todo.example.test")
    #expect(origins.isTrusted("https://app.example.test:8443"))
    #expect(!origins.isOwnHost("app.example.test:8443"))
    #expect(!origins.isTrusted("http://app.example.test:8443"))
    let policy = origins.contentSecurityPolicy
    #expect(policy.contains("connect-src 'self' https://todo.example.test wss://todo.example.test"))
    #expect(policy.contains("frame-ancestors 'none'"))
    #expect(!policy.contains("unsafe-inline"))
    #expect(!policy.contains("app.example.test"), "other origins may call the API, not be called")
  }

  @Test("origins parse only as scheme://host[:port]")
  func parsing() {
    #expect(ServerOrigins.Origin("http://[::1]:8080")?.description == "http://[::1]:8080")
    #expect(ServerOrigins.Origin("https://Example.TEST")?.description == "https://example.test")
    for text in ["example.test", "ftp://example.test", "http://example.test/path", "http://", ""] {
      #expect(ServerOrigins.Origin(text) == nil, "\(text)")
    }
  }
}
