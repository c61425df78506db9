import Foundation
import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import TodoCore

// MARK: - Serving the live page

/// The live web page's part of the server: the static client (`index.html`, CSS and
/// JavaScript modules) at `/`, and the WebSocket at `/live`.
public enum LivePageServer {
  /// The folder of the static client inside the module's resources.
  static var publicFolder: String {
    Bundle.module.resourceURL?.appendingPathComponent("Public").path ?? "Public"
  }

  /// The path of the live page's WebSocket.
  static let webSocketPath = "/live"

  /// Serves the static client (``StaticFiles``) for every GET of one of its files. Add it
  /// before the routes.
  public static func addFiles(to router: Router<TodoRequestContext>) {
    router.add(middleware: StaticFiles(folder: URL(fileURLWithPath: publicFolder)))
  }

  /// An HTTP/1 server, every connection guarded (``HTTPGuardHandler``), that upgrades
  /// `GET /live` from the server's own origins to the live page's WebSocket and answers
  /// everything else with the router.
  ///
  /// - Parameters:
  ///   - state: Where the todo service is, once loaded.
  ///   - origins: The server's own origins, which alone may open the WebSocket.
  ///   - limits: Sizes, timeouts and connections of the HTTP layer.
  ///   - renderer: The rendering shared by the pages of this server.
  ///   - logger: Where connections log.
  public static func server(
    state: ServerState, origins: ServerOrigins, limits: HTTPLimits = HTTPLimits(),
    renderer: PageRenderer = PageRenderer(), logger: Logger
  ) -> HTTPServerBuilder {
    .guarded(
      origins: origins, limits: limits, webSocketPaths: [webSocketPath],
      webSocket: WebSocketServerConfiguration(
        maxFrameSize: LiveConnection.maximumMessageSize,
        autoPing: .enabled(timePeriod: .seconds(20)), validateUTF8: true)
    ) { request, _, _ in
      guard request.path?.split(separator: "?").first.map(String.init) == webSocketPath,
        let service = state.service
      else { return .dontUpgrade }
      let cookie = AuthMiddleware.sessionCookie(request.headerFields)
      let token = request.headerFields[.authorization].flatMap(AuthMiddleware.token(_:))
      let rows = LiveConnection.rows(inPath: request.path)
      return .upgrade([:]) { inbound, outbound, _ in
        // With accounts, the page is its signed-in account's: a browser's session, or the
        // API token of a client that is not a browser (`todo tui --server`). Without either,
        // or with one that does not hold, it gets no data, only a close that says to sign in.
        var principal: Principal?
        var credential: LiveConnection.Credential?
        if state.accountsOn {
          if let (presented, user) = token {
            do {
              principal = try await service.acting(
                tokenID: presented.id, secretHash: Secrets.hash(presented.secret), userName: user
              ).resolvedPrincipal()
            } catch TodoError.unauthenticated {
              // A forged or revoked token: closed below like a missing one. Any other error
              // (the database unreachable) ends the connection as it does for a session.
            }
            credential = .token(presented.id)
          } else if let cookie,
            let (session, account) = try await service.session(
              id: cookie.id, secretHash: Secrets.hash(cookie.secret), policy: state.sessionPolicy)
          {
            principal = Principal(account)
            credential = .session(session.id)
          }
          guard principal != nil else {
            try await outbound.close(.policyViolation, reason: "sign in first")
            return
          }
        }
        try await LiveConnection(
          service: service, principal: principal, credential: credential, renderer: renderer,
          rows: rows, logger: logger
        )
        .run(inbound: inbound, outbound: outbound)
      }
    }
  }
}
