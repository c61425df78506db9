import Composable
import Foundation

/// What the area client answered, and whether it came from the network or from the snapshot
/// committed with the program.
struct Fetched<Value: Equatable & Sendable>: Equatable, Sendable {
  /// The answer.
  var value: Value
  /// The date of the offline snapshot the answer was read from, or `nil` when it came from
  /// the agency's server.
  var offlineSnapshot: String?
}

/// Loads the agency's area list and the forecast of an office.
///
/// The screen reads it as a dependency (`@Dependency(\.areaClient)`): the program gives it
/// ``automatic(live:offline:)`` (the agency's server, and the snapshot when the network
/// cannot be reached) or, with `--offline`, ``offline``; tests give it closures.
struct AreaClient: Sendable {
  /// The offices of the area list, in any order.
  var fetchAreas: @Sendable () async throws -> Fetched<[Area]>
  /// The forecast of the office with this code.
  var fetchForecast: @Sendable (_ code: String) async throws -> Fetched<Forecast>
}

/// Why the area client failed.
enum AreaClientError: Error, Equatable, CustomStringConvertible {
  /// The server answered with an error status.
  case server(status: Int)
  /// The offline snapshot has no forecast for this office.
  case noSnapshot(code: String)

  var description: String {
    switch self {
    case .server(let status):
      "The agency's server answered with status \(status)."
    case .noSnapshot(let code):
      "The offline snapshot has no forecast for area \(code)."
    }
  }
}

extension AreaClient: DependencyKey {
  /// The snapshot: it needs no network and nothing to shut down. The program replaces it
  /// with ``automatic(live:offline:)`` unless it runs `--offline`.
  static let liveValue = AreaClient.offline

  /// The test value fails the test when called: each test says what the client returns.
  static let testValue = AreaClient(
    fetchAreas: unimplemented("AreaClient.fetchAreas"),
    fetchForecast: unimplemented("AreaClient.fetchForecast"))
}

extension DependencyValues {
  var areaClient: AreaClient {
    get { self[AreaClient.self] }
    set { self[AreaClient.self] = newValue }
  }
}
