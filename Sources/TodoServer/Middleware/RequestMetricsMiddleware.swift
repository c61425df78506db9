import HTTPTypes
import Hummingbird
import Metrics
import Synchronization

/// Counts and times requests by route, method and status, under the names of Hummingbird's
/// `MetricsMiddleware`, and records each when its response is ready.
///
/// Hummingbird's middleware records after the body is written, by wrapping the body in a
/// closure; a wrapped body is written as head, body and end separately, which undoes
/// ``WholeBodyMiddleware``'s single write and cost a list read about 7% of its throughput.
/// Here a request's duration runs to the moment its response (a whole buffer, for every body
/// but a long export's stream) is handed to the server for writing.
struct RequestMetricsMiddleware<Context: RequestContext>: RouterMiddleware {
  private let handles = RequestMetricHandles()

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    let start = ContinuousClock.now
    let active = handles.active(request.method)
    active.increment()
    defer { active.decrement() }
    do {
      let response = try await next(request, context)
      let handles = handles.endpoint(
        context.endpointPath ?? "Unknown", request.method, response.status)
      handles.requests.increment()
      handles.duration.record(duration: ContinuousClock.now - start)
      return response
    } catch {
      let status = (error as? any HTTPResponseError)?.status ?? .internalServerError
      let handles = handles.endpoint(context.endpointPath ?? "NotFound", request.method, status)
      handles.requests.increment()
      handles.errors.increment()
      throw error
    }
  }
}

/// The metric handles of each method and of each route, method and status, made once: a
/// lookup here is cheaper than the metrics factory's.
private final class RequestMetricHandles: Sendable {
  struct Endpoint: Hashable {
    let route: String
    let method: HTTPRequest.Method
    let status: Int
  }

  struct EndpointHandles: Sendable {
    let requests: Counter
    let duration: Timer
    let errors: Counter
  }

  private let methods = Mutex<[HTTPRequest.Method: Meter]>([:])
  private let endpoints = Mutex<[Endpoint: EndpointHandles]>([:])

  func active(_ method: HTTPRequest.Method) -> Meter {
    methods.withLock { methods in
      if let meter = methods[method] { return meter }
      let meter = Meter(
        label: "http_server_active_requests",
        dimensions: [("http_request_method", method.rawValue)])
      methods[method] = meter
      return meter
    }
  }

  func endpoint(_ route: String, _ method: HTTPRequest.Method, _ status: HTTPResponse.Status)
    -> EndpointHandles
  {
    let key = Endpoint(route: route, method: method, status: status.code)
    return endpoints.withLock { endpoints in
      if let handles = endpoints[key] { return handles }
      let dimensions = [
        ("http_route", route), ("http_request_method", method.rawValue),
        ("http_response_status_code", String(status.code)),
      ]
      let handles = EndpointHandles(
        requests: Counter(label: "hb_requests_total", dimensions: dimensions),
        duration: Timer(
          label: "http_server_request_duration_seconds", dimensions: dimensions,
          preferredDisplayUnit: .seconds),
        errors: Counter(
          label: "hb_request_errors_total",
          dimensions: [
            ("http_route", route), ("http_request_method", method.rawValue),
            ("error_type", String(status.code)),
          ]))
      endpoints[key] = handles
      return handles
    }
  }
}
