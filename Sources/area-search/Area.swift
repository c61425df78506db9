import Composable
import Foundation

/// A weather forecast area, as the Japan Meteorological Agency lists them.
struct Area: Equatable, Hashable, Identifiable, Sendable {
  /// The agency's office code, such as `"130000"`; areas are listed in code order.
  var code: String
  var name: String

  var id: String { code }
}

extension Area {
  static let hokkaido = Area(code: "016000", name: "Hokkaido")
  static let tokyo = Area(code: "130000", name: "Tokyo")
  static let kyoto = Area(code: "260000", name: "Kyoto")
  static let osaka = Area(code: "270000", name: "Osaka")
  static let okinawa = Area(code: "471000", name: "Okinawa")

  /// The areas in the order a server might send them: not sorted.
  static let unsorted: [Area] = [.osaka, .tokyo, .okinawa, .hokkaido, .kyoto]
}

/// Loads the list of areas.
struct AreaClient: Sendable {
  var fetchAreas: @Sendable () async throws -> [Area]
}

/// Why the area client failed.
enum AreaClientError: Error, Equatable, CustomStringConvertible {
  /// The live client has no transport: the application must provide one.
  case notConfigured
  /// The server answered with an error status.
  case server(status: Int)

  var description: String {
    switch self {
    case .notConfigured:
      "AreaClient has no live transport; provide one with withDependencies { $0.areaClient = … }."
    case .server(let status):
      "The area server answered with status \(status)."
    }
  }
}

extension AreaClient: DependencyKey {
  /// The live value fails clearly: this package ships no HTTP client, so an application must
  /// provide one.
  static let liveValue = AreaClient(fetchAreas: { throw AreaClientError.notConfigured })

  /// The test value fails the test when called: each test says what the client returns.
  static let testValue = AreaClient(fetchAreas: unimplemented("AreaClient.fetchAreas"))
}

extension DependencyValues {
  var areaClient: AreaClient {
    get { self[AreaClient.self] }
    set { self[AreaClient.self] = newValue }
  }
}
