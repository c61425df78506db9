import Foundation
import Hummingbird
import Logging
import OpenAPIHummingbird
import OpenAPIRuntime
import TodoCore

/// How to run the todo server.
public struct ServerOptions: Sendable {
  /// The address to bind; loopback by default, so nothing outside the machine can connect.
  public var host: String
  /// The TCP port; 0 picks a free one.
  public var port: Int
  /// The todo database.
  public var database: TodoService.Location
  /// The server's public URL, when a TLS proxy serves it (`https://todo.example.org`): one
  /// more of its own origins and host names.
  public var publicOrigin: ServerOrigins.Origin?
  /// Other origins whose pages may use the API (CORS).
  public var allowedOrigins: [ServerOrigins.Origin]
  /// Whether `/todos` answers CORS for any origin, as the Todo-Backend spec runner needs.
  public var todoBackendCORS: Bool
  /// Sizes, timeouts and connections of the HTTP layer.
  public var limits: HTTPLimits
  /// Whether people sign in (`todo serve --accounts`); a database with accounts turns them
  /// on whatever this says.
  public var accounts: Bool
  /// How passwords are hashed and checked.
  public var hasher: PasswordHasher
  /// How reminders and morning digests are mailed; `nil` mails nothing.
  public var mail: MailSettings?
  /// Whether requests are counted for the metrics the process exposes, and whether
  /// `/metrics` is on the main port (behind its token); `nil` counts nothing.
  public var metrics: MetricsExposition?
  /// Backups the server makes by itself, if any.
  public var backups: BackupSchedule?
  /// How long change records and calendar tombstones are kept for syncing clients; `nil`
  /// keeps them (the change log still keeps only its newest 20,000 records).
  public var historyRetention: Duration? = .seconds(90 * 86_400)
  /// How often the history older than ``historyRetention`` is dropped: hourly, so that the
  /// history lasts the retention plus an hour at most.
  public var historyPruningInterval: Duration = .seconds(3_600)
  /// The proxies whose forwarding headers name the client (`--trusted-proxy`).
  public var trustedProxies = TrustedProxies.none
  /// Whether every request is logged once answered (method, path, status, duration, id).
  public var logRequests = false

  /// Creates options.
  public init(
    host: String = "127.0.0.1", port: Int = 8080, database: TodoService.Location,
    publicOrigin: ServerOrigins.Origin? = nil,
    allowedOrigins: [ServerOrigins.Origin] = [], todoBackendCORS: Bool = false,
    accounts: Bool = false, hasher: PasswordHasher = PasswordHasher(),
    limits: HTTPLimits = HTTPLimits()
  ) {
    self.host = host
    self.port = port
    self.database = database
    self.publicOrigin = publicOrigin
    self.allowedOrigins = allowedOrigins
    self.todoBackendCORS = todoBackendCORS
    self.limits = limits
    self.accounts = accounts
    self.hasher = hasher
  }

  /// The server's origins for these options (complete once the server listens).
  public func makeOrigins() -> ServerOrigins {
    ServerOrigins(
      bindHost: host, publicOrigin: publicOrigin, allowedOrigins: allowedOrigins,
      todoBackendCORS: todoBackendCORS)
  }
}

/// Builds the todo server: the JSON API under `/api/v1`, the Todo-Backend API at `/todos`,
/// `/healthz`, with the database opened and migrated beside the server (the routes answer
/// 503 until it is ready). The executable, the tests and the benchmark all use it.
///
/// ```swift
/// let app = buildApplication(ServerOptions(database: .file(url)))
/// try await app.runService()
/// ```
///
/// - Parameters:
///   - options: Address, port and database.
///   - logger: Where the server logs (never request bodies).
///   - onServerRunning: Called with the bound port once the server listens (useful with
///     port 0).
///   - onDatabaseReady: Called once the database is open and migrated, when the routes stop
///     answering 503: what a caller waits for instead of polling `/healthz`.
/// - Returns: The application, to run as a service.
public func buildApplication(
  _ options: ServerOptions, logger: Logger? = nil,
  onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in },
  onDatabaseReady: @escaping @Sendable () async -> Void = {}
) -> some ApplicationProtocol {
  let logger = logger ?? Logger(label: "todo.server")
  let origins = options.makeOrigins()
  let state = ServerState(origins: origins, accountsOn: options.accounts, hasher: options.hasher)
  var database = DatabaseService(
    location: options.database, state: state, logger: logger, onReady: onDatabaseReady)
  database.mailer = options.mail.map { ReminderMailer(settings: $0, logger: logger) }
  database.backups = options.backups
  database.historyRetention = options.historyRetention
  database.historyPruningInterval = options.historyPruningInterval
  if options.port != 0 { origins.bind(port: options.port) }
  return Application(
    router: buildRouter(
      state: state, metrics: options.metrics, logRequests: options.logRequests,
      trustedProxies: options.trustedProxies),
    // The live page's WebSocket is an upgrade of the connection, not a route: this server
    // upgrades `GET /live` and hands every other request to the router.
    server: LivePageServer.server(
      state: state, origins: origins, limits: options.limits, logger: logger),
    configuration: .init(address: .hostname(options.host, port: options.port), serverName: "todo"),
    services: [database],
    onServerRunning: { channel in
      let port = channel.localAddress?.port ?? 0
      origins.bind(port: port)
      await onServerRunning(port)
    },
    logger: logger)
}

/// The router of every route, with its middleware, over `state`.
///
/// Middleware, outermost first: the client's address (behind trusted proxies, the one they
/// forward), the request's id and log line, the request metrics (with
/// `metrics`), the security headers,
/// the origin check (and CORS for allowed origins), problem+json errors, the static client,
/// the JSON content-type check, the body limit. Malformed, misaddressed and oversized requests never get here:
/// ``HTTPGuardHandler`` answers them.
///
/// The API's routes are the handlers generated from `Resources/openapi.json` (``TodoAPI``);
/// every other method of their paths is answered 405 with `Allow`.
public func buildRouter(
  state: ServerState, metrics: MetricsExposition? = nil, logRequests: Bool = false,
  trustedProxies: TrustedProxies = .none
) -> Router<TodoRequestContext> {
  let router = Router(context: TodoRequestContext.self)
  if trustedProxies != .none {
    router.add(middleware: ClientAddressMiddleware(proxies: trustedProxies))
  }
  router.add(middleware: RequestLogMiddleware(logs: logRequests))
  if metrics != nil { router.add(middleware: RequestMetricsMiddleware()) }
  router.add(middleware: SecurityHeadersMiddleware(origins: state.origins))
  router.add(middleware: OriginMiddleware(origins: state.origins))
  router.add(middleware: ProblemMiddleware())
  // Who sent the request (accounts), before every route that acts for them; the rest only
  // for those signed in.
  router.add(middleware: AuthMiddleware(state: state))
  // The live page's own files, answered before the API's checks; other paths go on.
  LivePageServer.addFiles(to: router)
  router.add(middleware: ContentTypeMiddleware())
  router.add(middleware: BodyLimitMiddleware())

  OpenAPIController().addRoutes(to: router.group("api/v1"))
  if let metrics, let token = metrics.token { metrics.addRoute(to: router, token: token) }
  // CalDAV, so calendar and reminder apps sync the todos: every list a calendar, every todo
  // a VTODO.
  CalDAVController(state: state).addRoutes(to: router)
  // The generated handlers' bodies go out in one write with their head.
  router.add(middleware: WholeBodyMiddleware())
  let routes = RouteRecorder(router)
  do {
    try TodoAPI(state: state).registerHandlers(
      on: routes,
      configuration: Configuration(
        dateTranscoder: TimestampTranscoder(),
        jsonEncodingOptions: [.withoutEscapingSlashes]),
      middlewares: [
        PlainHeadersMiddleware(), JSONMediaTypeMiddleware(), StatusQueryMiddleware(),
        PreparedBodyMiddleware(),
      ])
  } catch {
    // Registering only fails for a server URL that is not a URL; the default is "/".
    preconditionFailure("cannot register the API's handlers: \(error)")
  }
  routes.refuseOtherMethods()
  return router
}
