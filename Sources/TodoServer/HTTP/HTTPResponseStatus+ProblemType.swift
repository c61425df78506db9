import NIOHTTP1

extension HTTPResponseStatus {
  /// The last part of the problem type (`urn:todo:problem:…`) of a connection refused with
  /// this status before any route saw its request.
  var problemType: String {
    switch self {
    case .misdirectedRequest: "misdirected"
    case .forbidden: "cross-origin"
    case .uriTooLong: "uri-too-long"
    case .requestHeaderFieldsTooLarge: "header-too-large"
    case .payloadTooLarge: "body-too-large"
    case .notImplemented: "method-not-implemented"
    case .requestTimeout: "timeout"
    case .serviceUnavailable: "unavailable"
    case .notFound: "not-found"
    default: "bad-request"
    }
  }
}
