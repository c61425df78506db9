import Foundation
import Hummingbird
import TodoCore

extension CalDAVController {
  /// The calendar properties a client may set: the name, Apple's colour and order, the
  /// description and the time zone.
  static let settable: Set<DAVName> = [
    .dav("displayname"), DAVName(DAVName.apple, "calendar-color"),
    DAVName(DAVName.apple, "calendar-order"), .caldav("calendar-description"),
    .caldav("calendar-timezone"),
  ]

  /// Properties a client sends with `MKCALENDAR` that say what it is making: accepted when
  /// they describe a calendar of tasks, and not kept.
  static let ignoredOnCreate: Set<DAVName> = [
    .caldav("supported-calendar-component-set"), .dav("resourcetype"),
  ]

  /// The changes a `set`/`remove` list asks for, or the names that cannot be set.
  private struct PropertyChanges {
    var settings = CalendarSettings()
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
          changes.settings.name = text
        case DAVName(DAVName.apple, "calendar-color"):
          changes.settings.color = remove ? .some(nil) : .some(text)
        case DAVName(DAVName.apple, "calendar-order") where !remove:
          guard let order = Int(text) else {
            changes.refused.append(property.name)
            continue
          }
          changes.settings.order = order
        case .caldav("calendar-description"):
          changes.settings.summary = remove ? .some(nil) : .some(property.text)
        case .caldav("calendar-timezone"):
          changes.settings.timeZone = remove ? .some(nil) : .some(property.text)
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
  /// 424, and none made (RFC 4918 9.2), with why if it is known.
  private static func refusal(
    _ changes: PropertyChanges, at path: DAVPath, description: String? = nil
  ) -> Response {
    var multistatus = Multistatus()
    multistatus.add(
      href: path.href,
      statuses: [
        ("HTTP/1.1 403 Forbidden", changes.refused),
        ("HTTP/1.1 424 Failed Dependency", changes.accepted),
      ], description: description)
    return Self.multistatus(multistatus.finish())
  }

  /// `PROPPATCH` of a calendar (RFC 4918 9.2): its name, colour, order, description and time
  /// zone, all or none.
  func proppatch(
    _ path: DAVPath, request: Request, context: TodoRequestContext, service: TodoService
  ) async throws -> Response {
    guard case .calendar(_, let segment) = path else {
      return Self.forbidden(
        .dav("cannot-modify-protected-property"),
        "only a calendar's name, colour, order, description and time zone can be changed")
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
    let id = try await Self.listID(segment, service)
    do {
      _ = try await service.updateCalendar(id: id, changes.settings)
    } catch TodoError.validation(let field, let message) {
      return Self.refusal(field: field, message: message, changes, at: path)
    }
    var multistatus = Multistatus()
    multistatus.add(href: path.href, statuses: [("HTTP/1.1 200 OK", changes.accepted)])
    return Self.multistatus(multistatus.finish())
  }

  /// The answer to a property whose value cannot be kept (a bad colour, a time zone that is
  /// not one `VTIMEZONE`): 403 for it with the reason, 424 for the others, none made.
  private static func refusal(
    field: String, message: String, _ changes: PropertyChanges, at path: DAVPath
  ) -> Response {
    let name: DAVName =
      switch field {
      case "calendar-color": DAVName(DAVName.apple, "calendar-color")
      case "calendar-description": .caldav("calendar-description")
      case "calendar-timezone": .caldav("calendar-timezone")
      default: .dav("displayname")
      }
    var refused = changes
    refused.refused = [name]
    refused.accepted.removeAll { $0 == name }
    return refusal(refused, at: path, description: message)
  }

  /// `MKCALENDAR` (RFC 4791 5.3.1), or `MKCOL` of a calendar (RFC 5689): a new list at the
  /// path the client chose, named by the body's `displayname`.
  func mkcalendar(
    _ path: DAVPath, request: Request, context: TodoRequestContext, service: TodoService
  ) async throws -> Response {
    guard case .calendar(_, let segment) = path else {
      return Self.forbidden(
        .dav("resource-must-be-null"),
        "calendars are made in the calendar home, /dav/calendars/USER/NAME/")
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
        return Self.forbidden(
          .dav("valid-resourcetype"), "only calendars can be made here (resourcetype calendar)")
      }
    }
    let instructions = (document?.children(.dav("set")) ?? []).map { ($0, false) }
    var changes = Self.changes(instructions, ignoring: Self.ignoredOnCreate)
    guard changes.refused.isEmpty else { return Self.refusal(changes, at: path) }
    if changes.settings.name?.isEmpty == true { changes.settings.name = nil }
    do {
      _ = try await service.createCalendar(segment: segment, settings: changes.settings)
    } catch TodoError.validation(let field, let message) where field == "calendar" {
      return Self.forbidden(.dav("resource-must-be-null"), message)
    } catch TodoError.validation(let field, let message) {
      return Self.refusal(field: field, message: message, changes, at: path)
    }
    var response = Response(status: .created)
    response.headers[.location] = path.href
    return response
  }
}
