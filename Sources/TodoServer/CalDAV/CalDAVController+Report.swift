import Foundation
import Hummingbird
import ICalendar
import TodoCore

extension CalDAVController {
  /// `REPORT`: `calendar-query` and `calendar-multiget` (RFC 4791 7.8, 7.9) on a calendar
  /// or a todo, `sync-collection` (RFC 6578) on a calendar.
  func report(
    _ path: DAVPath, request: Request, context: TodoRequestContext, service: TodoService
  ) async throws -> Response {
    guard let document = try await Self.document(of: request, context: context) else {
      return Self.status(.badRequest, "a REPORT needs a body naming the report")
    }
    let user = Self.userName
    let segment: String
    var only: String?
    switch path {
    case .calendar(_, let calendar): segment = calendar
    case .resource(_, let calendar, let name):
      segment = calendar
      only = name
    default:
      return Self.forbidden(
        .dav("supported-report"), "reports are answered by calendars and their todos")
    }
    let listID = try await Self.listID(segment, service)
    let asked = document.child(.dav("prop"))?.children.map(\.name)
    // Partial retrieval: the components and properties of each todo's data it names.
    var selection: CalendarDataSelection?
    if let element = document.child(.dav("prop"))?.child(.caldav("calendar-data")) {
      do {
        selection = try CalendarDataSelection(element)
      } catch let error as CalendarDataSelection.Unsupported {
        return Self.error(.forbidden, DAVElement(.caldav(error.condition)), error.description)
      } catch let error as CalendarDataSelection.Invalid {
        return Self.status(.badRequest, error.description)
      }
    }
    var multistatus = Multistatus()
    func add(_ resource: CalendarResource) {
      multistatus.add(
        href: DAVPath.resource(user: user, segment: segment, name: resource.name).href,
        .todo(resource, calendar: listID), names: asked ?? [.dav("getetag")], user: user,
        selection: selection?.keepsEverything == true ? nil : selection)
    }
    switch document.name {
    case .caldav("calendar-query"):
      guard let filterElement = document.child(.caldav("filter")) else {
        return Self.forbidden(.caldav("valid-filter"), "the query has no filter")
      }
      let filter: CalendarQueryFilter
      do {
        filter = try CalendarQueryFilter(filterElement)
      } catch let error as CalendarQueryFilter.Invalid {
        return Self.forbidden(.caldav("valid-filter"), error.description)
      } catch let error as CalendarQueryFilter.UnsupportedCollation {
        return Self.error(
          .forbidden, DAVElement(.caldav("supported-collation"), text: error.collation),
          error.description)
      }
      let (_, resources, _) = try await service.calendarResources(
        in: listID, named: only.map { [$0] })
      for resource in resources {
        let calendar = TodoCalendar.component(
          of: resource.todo, data: resource.data, now: resource.todo.updatedAt)
        let wrapped = Component(
          name: "VCALENDAR",
          components: [calendar.component] + TodoCalendar.overrides(of: resource.data))
        if filter.matches(wrapped) { add(resource) }
      }
      return Self.multistatus(multistatus.finish())
    case .caldav("calendar-multiget"):
      let hrefs = document.children(.dav("href")).map(\.text)
      var names: [String: String] = [:]
      for href in hrefs {
        let path = href.trimmingCharacters(in: .whitespacesAndNewlines)
        let local = URL(string: path).map { $0.path(percentEncoded: true) } ?? path
        if case .resource(user, segment, let name)? = DAVPath(path: local) {
          names[name] = path
        } else {
          multistatus.add(href: path, status: "HTTP/1.1 404 Not Found")
        }
      }
      let (_, resources, _) = try await service.calendarResources(
        in: listID, named: Array(names.keys))
      var answered = Set<String>()
      for resource in resources {
        add(resource)
        answered.insert(resource.name)
      }
      for (name, href) in names.sorted(by: { $0.key < $1.key }) where !answered.contains(name) {
        multistatus.add(href: href, status: "HTTP/1.1 404 Not Found")
      }
      return Self.multistatus(multistatus.finish())
    case .dav("sync-collection"):
      ServerMetrics.calDAVSyncs.increment()
      guard only == nil else {
        return Self.forbidden(.dav("supported-report"), "sync-collection is a calendar's")
      }
      let level = document.child(.dav("sync-level"))?.text.trimmingCharacters(
        in: .whitespacesAndNewlines)
      guard level == nil || level == "1" else {
        return Self.forbidden(
          .dav("sync-traversal-supported"), "calendars have no sub-collections: sync-level 1")
      }
      let tokenText =
        document.child(.dav("sync-token"))?.text.trimmingCharacters(
          in: .whitespacesAndNewlines) ?? ""
      var since: ChangeSequence?
      var page: CalendarSyncPage?
      if !tokenText.isEmpty {
        guard let position = SyncToken.position(tokenText) else {
          throw CalendarError.invalidSyncToken
        }
        (since, page) = position
      }
      var limit: Int?
      if let element = document.child(.dav("limit")) {
        let text = element.child(.dav("nresults"))?.text.trimmingCharacters(
          in: .whitespacesAndNewlines)
        guard let count = text.flatMap({ Int($0) }), count >= 1 else {
          return Self.forbidden(
            .dav("number-of-matches-within-limits"), "a limit is DAV:nresults, a number from 1")
        }
        limit = count
      }
      let changes = try await service.calendarChanges(
        in: listID, after: since, page: page, limit: limit)
      for resource in changes.changed { add(resource) }
      for name in changes.removed {
        multistatus.add(
          href: DAVPath.resource(user: user, segment: segment, name: name).href,
          status: "HTTP/1.1 404 Not Found")
      }
      guard let next = changes.next else {
        return Self.multistatus(multistatus.finish(syncToken: SyncToken.text(changes.token)))
      }
      // Cut at the limit (RFC 6578 3.6): the collection says 507, and the token goes on.
      multistatus.add(href: path.href, status: "HTTP/1.1 507 Insufficient Storage")
      return Self.multistatus(
        multistatus.finish(syncToken: SyncToken.text(since: since, page: next)))
    case .caldav("free-busy-query"):
      return Self.freeBusy(document)
    default:
      return Self.forbidden(
        .dav("supported-report"), "\(document.name.local) is not a report this server answers")
    }
  }

  /// The answer to a `free-busy-query` (RFC 4791 7.10): a `VFREEBUSY` of the asked range with
  /// no busy time, since only events and `VFREEBUSY` components make time busy and a list
  /// holds tasks; a query without a UTC start and end is a bad request.
  static func freeBusy(_ document: DAVElement) -> Response {
    let range = document.child(.caldav("time-range"))
    let bounds = ["start", "end"].compactMap { key -> DateOrDateTime? in
      guard let value = range?.attributes[key].flatMap({ DateOrDateTime(parsing: $0) }),
        value.form == .utc
      else { return nil }
      return value
    }
    guard bounds.count == 2,
      let start = TodoCalendar.instant(bounds[0]), let end = TodoCalendar.instant(bounds[1]),
      start < end, let stamp = TodoCalendar.dateTime(utc: Date())
    else {
      return Self.status(
        .badRequest, "a free-busy-query has a time-range with a UTC start before a UTC end")
    }
    let freeBusy = Component(
      name: "VFREEBUSY",
      properties: [
        ContentLine(name: "DTSTAMP", dateOrDateTime: stamp),
        ContentLine(name: "DTSTART", dateOrDateTime: bounds[0]),
        ContentLine(name: "DTEND", dateOrDateTime: bounds[1]),
      ])
    let calendar = Component(
      name: "VCALENDAR",
      properties: [
        ContentLine(name: "VERSION", value: "2.0"),
        ContentLine(name: "PRODID", value: TodoCalendar.productID),
      ], components: [freeBusy])
    return Self.body(Component.serialize([calendar]), type: "text/calendar; charset=utf-8")
  }
}
