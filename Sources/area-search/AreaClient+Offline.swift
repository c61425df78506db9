import Foundation
import Synchronization

extension AreaClient {
  /// The date of the committed snapshot of the area list (Fixtures/README.md).
  static let snapshotDate = "2026-01-06"

  /// The client over the snapshots bundled with the program: the agency's area list, and
  /// the forecasts of the offices that have one (`Fixtures/<code>.json`); another office's
  /// forecast fails with ``AreaClientError/noSnapshot(code:)``.
  static let offline = AreaClient(
    fetchAreas: {
      let data = try fixture(named: "area")
      return Fetched(value: try JMADecoding.areas(from: data), offlineSnapshot: snapshotDate)
    },
    fetchForecast: { code in
      guard code.allSatisfy(\.isNumber), let data = try? fixture(named: code) else {
        throw AreaClientError.noSnapshot(code: code)
      }
      let forecast = try JMADecoding.forecast(from: data)
      return Fetched(
        value: forecast, offlineSnapshot: String(forecast.reportDatetime.prefix(10)))
    })

  /// The bytes of `Fixtures/<name>.json`.
  static func fixture(named name: String) throws -> Data {
    guard
      let url = Bundle.module.url(
        forResource: name, withExtension: "json", subdirectory: "Fixtures")
    else { throw CocoaError(.fileNoSuchFile) }
    return try Data(contentsOf: url)
  }

  /// `live`, and `offline` instead once the network cannot be reached: a request that fails
  /// for any reason but an answer (an error status, a document that cannot be read) or a
  /// cancellation is answered from the snapshot, and so is every request after it.
  static func automatic(live: AreaClient, offline: AreaClient = .offline) -> AreaClient {
    let isOffline = LockedFlag()
    @Sendable func attempt<Value>(
      _ live: @Sendable () async throws -> Value, _ offline: @Sendable () async throws -> Value
    ) async throws -> Value {
      if isOffline.value { return try await offline() }
      do {
        return try await live()
      } catch let error where isUnreachable(error) {
        isOffline.set()
        return try await offline()
      }
    }
    return AreaClient(
      fetchAreas: { try await attempt(live.fetchAreas, offline.fetchAreas) },
      fetchForecast: { code in
        try await attempt(
          { try await live.fetchForecast(code) }, { try await offline.fetchForecast(code) })
      })
  }

  /// Whether `error` says the server could not be reached, rather than what it answered.
  static func isUnreachable(_ error: any Error) -> Bool {
    !(error is AreaClientError) && !(error is JMADecoding.Malformed)
      && !(error is CancellationError)
  }
}

/// A flag that, once set, stays set; safe from any task.
final class LockedFlag: Sendable {
  private let storage = Mutex(false)
  var value: Bool { storage.withLock { $0 } }
  func set() { storage.withLock { $0 = true } }
}
