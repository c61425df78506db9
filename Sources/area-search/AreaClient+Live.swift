import AsyncHTTPClient
import Foundation
import NIOCore

extension AreaClient {
  /// The agency's server.
  static let agency = URL(string: "https://www.jma.go.jp")!

  /// The client over the agency's server through `http`, which the caller shuts down.
  ///
  /// Each request has `timeout` to complete; a body over 8 MiB is refused.
  static func live(
    http: HTTPClient, base: URL = agency, timeout: TimeAmount = .seconds(10)
  ) -> AreaClient {
    @Sendable func get(_ path: String) async throws -> Data {
      var request = HTTPClientRequest(url: base.absoluteString + path)
      request.headers.add(name: "User-Agent", value: "area-search (swift todo seed 002)")
      request.headers.add(name: "Accept", value: "application/json")
      let response = try await http.execute(request, timeout: timeout)
      guard response.status == .ok else {
        throw AreaClientError.server(status: Int(response.status.code))
      }
      let body = try await response.body.collect(upTo: 8 << 20)
      return Data(body.readableBytesView)
    }
    return AreaClient(
      fetchAreas: {
        Fetched(value: try JMADecoding.areas(from: try await get("/bosai/common/const/area.json")))
      },
      fetchForecast: { code in
        guard !code.isEmpty, code.allSatisfy(\.isNumber) else {
          throw AreaClientError.server(status: 404)
        }
        let data = try await get("/bosai/forecast/data/forecast/\(code).json")
        return Fetched(value: try JMADecoding.forecast(from: data))
      })
  }
}
