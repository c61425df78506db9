import Foundation

/// A `changes` message as the page's own start followed by a body shared by every page that
/// goes between the same two views, encoded once: the server writes a large body as the
/// second frame of the page's message, without copying it per page.
public struct ChangesMessage: Sendable {
  /// The message's start: `{`, the page's `chrome` if it changed and its `rev`. The whole
  /// message when ``body`` is `nil`.
  public var start: Data
  /// The rest: `cells`, `stages`, `type` and `v`, then `}`.
  public var body: SharedBytes?

  /// The whole message.
  public var bytes: Data {
    guard let body else { return start }
    return start + body.data
  }
}
