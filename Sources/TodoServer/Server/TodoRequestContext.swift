import Hummingbird
import NIOCore

/// The request context of the todo server: Hummingbird's basic context with a 1 MB limit on
/// request bodies (a larger body is answered with 413).
public struct TodoRequestContext: RequestContext {
  /// The largest request body the server reads: 1 MB.
  public static let maximumBodySize = 1_048_576

  public var coreContext: CoreRequestContextStorage
  /// The client's IP address: the peer's, or behind a trusted proxy the one it forwards
  /// (sign-in attempts are counted per address).
  public var peerAddress: String

  public init(source: ApplicationRequestContextSource) {
    self.coreContext = .init(source: source)
    self.peerAddress = source.channel.remoteAddress?.ipAddress ?? "unknown"
  }

  public var maxUploadSize: Int { Self.maximumBodySize }
}
