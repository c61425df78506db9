import ArgumentParser
import Foundation

extension Todo {
  /// `todo healthcheck [URL]`: whether a server is ready, for a container's `HEALTHCHECK` or a
  /// service manager.
  struct Healthcheck: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Exit 0 if a server is ready (its /readyz), else 4.",
      discussion: """
        Ready means the database answers and, on PostgreSQL, the feed of other servers' \
        changes is connected. When it is not, the reason is printed on stderr.
        """)

    @Argument(help: "The server's URL.")
    var url = "http://127.0.0.1:8080"

    @Option(help: "Seconds to wait for the answer.")
    var timeout: Double = 10

    func validate() throws {
      guard let url = URL(string: url), url.scheme == "http" || url.scheme == "https",
        url.host != nil
      else {
        throw ValidationError("\(url) is not an http:// or https:// URL")
      }
      guard timeout > 0 && timeout <= 3_600 else {
        throw ValidationError("--timeout must be a number of seconds between 0 and 3600")
      }
    }

    func run() async throws {
      guard let root = URL(string: url) else { throw ExitCode(ExitStatus.invalid.rawValue) }
      let client = RemoteBackend.makeClient(
        root: root, timeoutMilliseconds: Int64(timeout * 1_000))
      do {
        _ = try await RemoteBackend.calling(root) { try await client.readiness().ok }
      } catch {
        throw CommandRunner.fail(error)
      }
      print("ready")
    }
  }
}
