import Foundation
import HTTPTypes
import Hummingbird
import Logging
import TodoCore

/// CalDAV (RFC 4791) with WebDAV sync (RFC 6578): every list a calendar collection, every
/// todo a `VTODO` resource, for the todo apps people already carry (Apple Reminders,
/// Thunderbird, DAVx⁵ with Tasks.org or jtx Board, vdirsyncer with todoman).
///
/// Discovery starts at `/.well-known/caldav` (RFC 6764), which redirects to `/dav/`; the
/// layout is ``DAVPath``'s. ETags are todo versions, sync tokens the store's change
/// sequences, so a change made anywhere (the page, the API, another server) reaches the
/// next sync, and a change made here reaches every open page through the one change
/// pipeline. Who may see and change what is ``TodoService``'s check, as for every route.
struct CalDAVController {
  let state: ServerState
  let logger = Logger(label: "todo.caldav")

  /// The methods the `/dav/` tree answers, in the order `Allow` lists them.
  static let methods: [HTTPRequest.Method] = [
    .options, .get, .head, .put, .delete, .propfind, .proppatch, .report, .mkcalendar, .mkcol,
  ]

  /// What `DAV:` says the server speaks: WebDAV class 1, access control, CalDAV, and
  /// extended `MKCOL` (RFC 5689: vdirsyncer makes calendars with it).
  static let compliance = "1, 3, access-control, calendar-access, extended-mkcol"

  func addRoutes(to router: Router<TodoRequestContext>) {
    for path in ["/dav", "/dav/**"] {
      for method in Self.methods {
        router.on(RouterPath(path), method: method) { request, context in
          try await self.respond(to: request, context: context)
        }
      }
      for method in [HTTPRequest.Method.post, .patch] {
        router.on(RouterPath(path), method: method) { _, _ -> Response in
          var response = Response(status: .methodNotAllowed)
          response.headers[.allow] = Self.allow
          return response
        }
      }
    }
    // Clients given the server's bare address ask it for their principal (python-caldav
    // does not follow a redirect there): it answers as the root does.
    for method in [HTTPRequest.Method.propfind] {
      router.on("/", method: method) { request, context in
        try await self.respond(to: request, context: context)
      }
    }
    // RFC 6764: clients that were given the server's address look here first.
    for method in [HTTPRequest.Method.get, .head, .propfind, .options] {
      router.on("/.well-known/caldav", method: method) { _, _ -> Response in
        var response = Response(status: .movedPermanently)
        response.headers[.location] = DAVPath.rootPath
        return response
      }
    }
  }

  static var allow: String { methods.map(\.rawValue).joined(separator: ", ") }

  // MARK: - Dispatch

  private func respond(to request: Request, context: TodoRequestContext) async throws -> Response {
    guard let path = request.uri.path == "/" ? .root : DAVPath(path: request.uri.path) else {
      return Self.status(.notFound, "no CalDAV resource at \(request.uri.path)")
    }
    let service = try self.service()
    let user = Self.userName
    if let owner = path.user, owner != user {
      // Another user's principal or calendars: as if they did not exist.
      return Self.status(.notFound, "no CalDAV resource at \(request.uri.path)")
    }
    do {
      switch request.method {
      case .options:
        var response = Response(status: .ok)
        response.headers[.dav] = Self.compliance
        response.headers[.allow] = Self.allow
        return response
      case .propfind:
        return try await propfind(path, request: request, context: context, service: service)
      case .report:
        return try await report(path, request: request, context: context, service: service)
      case .proppatch:
        return try await proppatch(path, request: request, context: context, service: service)
      case .mkcalendar, .mkcol:
        return try await mkcalendar(path, request: request, context: context, service: service)
      case .get, .head:
        let response = try await get(path, service: service)
        return request.method == .head ? Self.withoutBody(response) : response
      case .put:
        return try await put(path, request: request, context: context, service: service)
      case .delete:
        return try await delete(path, request: request, service: service)
      default:
        var response = Response(status: .methodNotAllowed)
        response.headers[.allow] = Self.allow
        return response
      }
    } catch let error as CalendarError {
      return Self.response(for: error, user: user, path: path)
    } catch let error as DAVElement.ParseError {
      return Self.status(.badRequest, error.description)
    } catch let error as TodoError {
      switch error {
      case .notFound: return Self.status(.notFound, error.description)
      case .forbidden:
        return Self.forbidden(.dav("need-privileges"), error.description)
      case .validation, .invalidText, .invalidImport:
        return Self.forbidden(.caldav("valid-calendar-object-resource"), error.description)
      case .versionConflict:
        return Self.status(.preconditionFailed, error.description)
      case .unavailable, .unauthenticated:
        throw error
      }
    }
  }

  /// The service acting for whoever signed the request in.
  private func service() throws -> TodoService {
    RequestAuth.current.service(of: try state.requireService())
  }

  /// The name in the paths of the signed-in user: `me` on a server without accounts.
  static var userName: String { RequestAuth.current.principal?.name ?? "me" }

  // MARK: - Resources

  private func get(_ path: DAVPath, service: TodoService) async throws -> Response {
    switch path {
    case .resource(_, let segment, let name):
      let resource = try await service.calendarResource(
        in: try await Self.listID(segment, service), named: name)
      var response = Self.body(resource.text, type: "text/calendar; charset=utf-8")
      response.headers[.eTag] = resource.etag
      response.headers[.lastModified] = Self.httpDate(resource.todo.updatedAt)
      return response
    case .calendar(_, let segment):
      // A calendar as one file, for clients that subscribe rather than sync.
      let text = try await service.exportCalendar(list: try await Self.listID(segment, service))
      return Self.body(text, type: "text/calendar; charset=utf-8")
    default:
      return Self.body(
        "This is the CalDAV service of todo. Add \(DAVPath.rootPath) to a calendar app.\n",
        type: "text/plain; charset=utf-8")
    }
  }

  private func put(
    _ path: DAVPath, request: Request, context: TodoRequestContext, service: TodoService
  ) async throws -> Response {
    guard case .resource(_, let segment, let name) = path else {
      return Self.status(.methodNotAllowed, "PUT stores a todo: /dav/calendars/USER/LIST/NAME.ics")
    }
    guard DAVPath.isValidResourceName(name) else {
      return Self.status(.badRequest, "\(name) is not a resource name")
    }
    let type = request.headers[.contentType]?.split(separator: ";").first?
      .trimmingCharacters(in: .whitespaces).lowercased()
    guard type == "text/calendar" else {
      return Self.error(
        .unsupportedMediaType, DAVElement(.caldav("supported-calendar-data")),
        "a todo is sent as text/calendar")
    }
    let text = try await Self.text(of: request, context: context)
    let (resource, created) = try await service.putCalendarResource(
      in: try await Self.listID(segment, service), named: name, text: text,
      ifMatch: Self.entityTags(request.headers[.ifMatch]),
      ifNoneMatch: request.headers[.ifNoneMatch]?.trimmingCharacters(in: .whitespaces) == "*")
    // No ETag: what is stored is not byte for byte what was sent (DTSTAMP, property order),
    // so the client reads it back (RFC 4791 5.3.4).
    _ = resource
    return Response(status: created ? .created : .noContent)
  }

  private func delete(_ path: DAVPath, request: Request, service: TodoService) async throws
    -> Response
  {
    switch path {
    case .resource(_, let segment, let name):
      try await service.deleteCalendarResource(
        in: try await Self.listID(segment, service), named: name,
        ifMatch: Self.entityTags(request.headers[.ifMatch]))
      return Response(status: .noContent)
    case .calendar(_, let segment):
      // To the trash, with its todos, as from the page.
      _ = try await service.trashList(id: try await Self.listID(segment, service))
      return Response(status: .noContent)
    default:
      return Self.status(.forbidden, "only calendars and todos can be deleted")
    }
  }

  // MARK: - Helpers

  /// The list a calendar's path segment names (``TodoService/calendarListID(segment:)``).
  static func listID(_ segment: String, _ service: TodoService) async throws -> UUID {
    try await service.calendarListID(segment: segment)
  }

  /// The entity tags of an `If-Match` header (`*` stays `*`); `nil` without one.
  static func entityTags(_ header: String?) -> [String]? {
    guard let header else { return nil }
    return header.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
  }

  /// The request body as UTF-8 text.
  static func text(of request: Request, context: TodoRequestContext) async throws -> String {
    var request = request
    let buffer = try await request.collectBody(upTo: context.maxUploadSize)
    guard let text = String(validating: buffer.readableBytesView, as: UTF8.self) else {
      throw DAVElement.ParseError(description: "the body is not UTF-8 text")
    }
    return text
  }

  /// The request body as a WebDAV document; `nil` for an empty body.
  static func document(of request: Request, context: TodoRequestContext) async throws
    -> DAVElement?
  {
    var request = request
    let buffer = try await request.collectBody(upTo: context.maxUploadSize)
    guard buffer.readableBytes > 0 else { return nil }
    return try DAVElement.parse(Data(buffer.readableBytesView))
  }

  static func body(_ text: String, type: String, status: HTTPResponse.Status = .ok) -> Response {
    var response = Response(
      status: status, body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    response.headers[.contentType] = type
    return response
  }

  /// A short plain-text answer.
  static func status(_ status: HTTPResponse.Status, _ message: String) -> Response {
    body(message + "\n", type: "text/plain; charset=utf-8", status: status)
  }

  /// An answer with a `DAV:error` body naming the precondition that failed (RFC 4918 16).
  static func error(_ status: HTTPResponse.Status, _ condition: DAVElement, _ message: String)
    -> Response
  {
    var writer = DAVXMLWriter()
    DAVElement(
      .dav("error"),
      children: [condition, DAVElement(DAVName("http://todo/ns/", "message"), text: message)]
    ).write(to: &writer)
    return body(writer.output, type: "application/xml; charset=utf-8", status: status)
  }

  /// A 403 answer naming the precondition that failed: the commonest refusal of a request
  /// that is well formed but not allowed here.
  static func forbidden(_ condition: DAVName, _ message: String) -> Response {
    error(.forbidden, DAVElement(condition), message)
  }

  static func response(for error: CalendarError, user: String, path: DAVPath) -> Response {
    switch error {
    case .preconditionFailed(let message):
      return status(.preconditionFailed, message)
    case .uidConflict(_, let name):
      var href = DAVElement(.dav("href"))
      if case .resource(_, let segment, _) = path {
        href.text = DAVPath.resource(user: user, segment: segment, name: name).href
      }
      return Self.error(
        .forbidden, DAVElement(.caldav("no-uid-conflict"), children: [href]), error.description)
    case .invalidCalendarObject:
      return Self.error(.badRequest, DAVElement(.caldav("valid-calendar-data")), error.description)
    case .unsupportedComponent:
      return Self.forbidden(.caldav("supported-calendar-component"), error.description)
    case .invalidSyncToken:
      return Self.forbidden(.dav("valid-sync-token"), error.description)
    }
  }

  /// The answer to `HEAD`: the `GET` answer's head, with the length its body would have.
  static func withoutBody(_ response: Response) -> Response {
    var head = Response(status: response.status, headers: response.headers)
    if let length = response.body.contentLength {
      head.headers[.contentLength] = String(length)
    }
    return head
  }

  /// A moment as an HTTP date (`Tue, 24 Nov 2026 09:00:00 GMT`).
  static func httpDate(_ date: Date) -> String {
    date.formatted(
      Date.VerbatimFormatStyle(
        format:
          "\(weekday: .abbreviated), \(day: .twoDigits) \(month: .abbreviated) \(year: .defaultDigits) \(hour: .twoDigits(clock: .twentyFourHour, hourCycle: .zeroBased)):\(minute: .twoDigits):\(second: .twoDigits) GMT",
        locale: Locale(identifier: "en_US_POSIX"), timeZone: .gmt,
        calendar: Calendar(identifier: .gregorian)))
  }
}

extension HTTPRequest.Method {
  static var propfind: Self { Self("PROPFIND")! }
  static var proppatch: Self { Self("PROPPATCH")! }
  static var report: Self { Self("REPORT")! }
  static var mkcalendar: Self { Self("MKCALENDAR")! }
  static var mkcol: Self { Self("MKCOL")! }
}

extension HTTPField.Name {
  static var dav: Self { Self("DAV")! }
  static var depth: Self { Self("Depth")! }
}
