import Foundation
import Hummingbird
import TodoCore

extension CalDAVController {
  /// The calendar properties a client may set: the name, Apple's colour and order.
  static let settable: Set<DAVName> = [
    .dav("displayname"), DAVName(DAVName.apple, "calendar-color"),
    DAVName(DAVName.apple, "calendar-order"),
  ]

  /// Properties a client sends with `MKCALENDAR` that a list has no place for and that change
  /// nothing it shows: accepted and not kept (every todo keeps its own time zone).
  static let ignoredOnCreate: Set<DAVName> = [
    .caldav("calendar-timezone"), .caldav("calendar-description"),
    .caldav("supported-calendar-component-set"), .dav("resourcetype"),
  ]

  /// The changes a `set`/`remove` list asks for, or the names that cannot be set.
  private struct PropertyChanges {
    var name: String?
    var color: String??
    var order: Int?
    var refused: [DAVName] = []
    var accepted: [DAVName] = []
  }

  private static func changes(
    _ instructions: [(element: DAVElement, remove: Bool)], ignoring: Set<DAVName> = []
  ) -> PropertyChanges {
    var changes = PropertyChanges()
    for (element, remove) in instructions {
      for property in element.child(.dav("prop"))?.children ?? [] {
        let text = property.text.trimmingCharacters(in: .whitespacesAndNewlines)
        switch property.name {
        case .dav("displayname") where !remove:
          changes.name = text
        case DAVName(DAVName.apple, "calendar-color"):
          changes.color = remove ? .some(nil) : .some(text)
        case DAVName(DAVName.apple, "calendar-order") where !remove:
          guard let order = Int(text) else {
            changes.refused.append(property.name)
            continue
          }
          changes.order = order
        case let name where ignoring.contains(name):
          if name == .caldav("supported-calendar-component-set"),
            !property.children.contains(where: { $0.attributes["name"]?.uppercased() == "VTODO" })
          {
            changes.refused.append(name)
            continue
          }
        default:
          changes.refused.append(property.name)
          continue
        }
        changes.accepted.append(property.name)
      }
    }
    return changes
  }

  /// The answer to property changes of which some cannot be made: those 403, the others
  /// 424, and none made (RFC 4918 9.2).
  private static func refusal(_ changes: PropertyChanges, at path: DAVPath) -> Response {
    var multistatus = Multistatus()
    multistatus.add(
      href: path.href,
      statuses: [
        ("HTTP/1.1 403 Forbidden", changes.refused),
        ("HTTP/1.1 424 Failed Dependency", changes.accepted),
      ])
    return Self.multistatus(multistatus.finish())
  }

  /// `PROPPATCH` of a calendar (RFC 4918 9.2): its name, colour and order, all or none.
  func proppatch(
    _ path: DAVPath, request: Request, context: TodoRequestContext, service: TodoService
  ) async throws -> Response {
    guard case .calendar(_, let segment) = path else {
      return Self.error(
        .forbidden, DAVElement(.dav("cannot-modify-protected-property")),
        "only a calendar's name, colour and order can be changed")
    }
    guard let document = try await Self.document(of: request, context: context),
      document.name == .dav("propertyupdate")
    else {
      return Self.status(.badRequest, "a PROPPATCH body is a DAV:propertyupdate element")
    }
    let instructions = document.children.compactMap { child -> (DAVElement, Bool)? in
      switch child.name {
      case .dav("set"): (child, false)
      case .dav("remove"): (child, true)
      default: nil
      }
    }
    let changes = Self.changes(instructions)
    guard changes.refused.isEmpty else { return Self.refusal(changes, at: path) }
    var multistatus = Multistatus()
    _ = try await service.updateCalendar(
      id: try Self.listID(segment), name: changes.name, color: changes.color,
      order: changes.order)
    multistatus.add(href: path.href, statuses: [("HTTP/1.1 200 OK", changes.accepted)])
    return Self.multistatus(multistatus.finish())
  }

  /// `MKCALENDAR` (RFC 4791 5.3.1), or `MKCOL` of a calendar (RFC 5689): a new list, named
  /// by the body's `displayname` (the path's last segment, a UUID, becomes its identifier).
  func mkcalendar(
    _ path: DAVPath, request: Request, context: TodoRequestContext, service: TodoService
  ) async throws -> Response {
    guard case .calendar(_, let segment) = path else {
      return Self.error(
        .forbidden, DAVElement(.dav("resource-must-be-null")),
        "calendars are made in the calendar home, /dav/calendars/USER/ID/")
    }
    guard let id = UUID(uuidString: segment) else {
      return Self.error(
        .forbidden, DAVElement(.caldav("calendar-collection-location-ok")),
        "a new calendar's path ends in a UUID")
    }
    let document = try await Self.document(of: request, context: context)
    let isMkcol = request.method == .mkcol
    let root: DAVName = isMkcol ? .dav("mkcol") : .caldav("mkcalendar")
    if let document, document.name != root {
      return Self.status(
        .badRequest, "an \(request.method.rawValue) body is a \(root.local) element")
    }
    if isMkcol {
      // Extended MKCOL (RFC 5689): only a calendar has a place here.
      let types =
        document?.child(.dav("set"))?.child(.dav("prop"))?.child(.dav("resourcetype"))?
        .children.map(\.name) ?? []
      guard types.contains(.caldav("calendar")) else {
        return Self.error(
          .forbidden, DAVElement(.dav("valid-resourcetype")),
          "only calendars can be made here (resourcetype calendar)")
      }
    }
    let instructions = (document?.children(.dav("set")) ?? []).map { ($0, false) }
    let changes = Self.changes(instructions, ignoring: Self.ignoredOnCreate)
    guard changes.refused.isEmpty else { return Self.refusal(changes, at: path) }
    let name = changes.name.flatMap { $0.isEmpty ? nil : $0 }
    do {
      _ = try await service.createCalendar(id: id, named: name, color: changes.color ?? nil)
    } catch TodoError.validation(let field, let message) where field == "calendar" {
      return Self.error(.forbidden, DAVElement(.dav("resource-must-be-null")), message)
    }
    if let order = changes.order {
      _ = try await service.updateCalendar(id: id, order: order)
    }
    var response = Response(status: .created)
    response.headers[.location] = path.href
    return response
  }
}
