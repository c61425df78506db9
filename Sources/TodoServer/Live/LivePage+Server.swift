import Foundation
import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging

// MARK: - Serving the live page

/// The live web page's part of the server: the static client (`index.html`, CSS and
/// JavaScript modules) at `/`, and the WebSocket at `/live`.
public enum LivePageServer {
  /// The folder of the static client inside the module's resources.
  static var publicFolder: String {
    Bundle.module.resourceURL?.appendingPathComponent("Public").path ?? "Public"
  }

  /// Serves the static client for every GET that no route answers. Add it after the routes.
  public static func addFiles(to router: Router<TodoRequestContext>) {
    router.add(middleware: FileMiddleware(publicFolder, searchForIndexHtml: true))
  }

  /// An HTTP/1 server that upgrades `GET /live` to the live page's WebSocket and answers
  /// everything else with the router.
  ///
  /// - Parameters:
  ///   - state: Where the todo service is, once loaded.
  ///   - hub: The observation shared by the pages of this server.
  ///   - logger: Where connections log.
  public static func server(
    state: ServerState, hub: LiveHub = LiveHub(), logger: Logger
  ) -> HTTPServerBuilder {
    .http1WebSocketUpgrade(
      configuration: HTTP1WebSocketUpgradeChannel.Configuration(
        ws: WebSocketServerConfiguration(
          maxFrameSize: LiveConnection.maximumMessageSize,
          autoPing: .enabled(timePeriod: .seconds(20))))
    ) { request, _, _ in
      guard request.path?.split(separator: "?").first == "/live", let service = state.service
      else { return .dontUpgrade }
      return .upgrade([:]) { inbound, outbound, _ in
        try await LiveConnection(service: service, hub: hub, logger: logger)
          .run(inbound: inbound, outbound: outbound)
      }
    }
  }
}
