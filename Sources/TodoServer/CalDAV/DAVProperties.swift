import Foundation
import TodoCore

/// What `PROPFIND` and `REPORT` can say about a resource of the CalDAV tree.
enum DAVResource {
  case root
  case principals
  case principal
  case home
  case calendar(CalendarCollection, token: ChangeSequence)
  case todo(CalendarResource, calendar: UUID)

  /// The properties `allprop` returns (RFC 4918 9.1: the live properties a client commonly
  /// asks for; `calendar-data` only when named).
  var allProperties: [DAVName] {
    var names: [DAVName] = [.dav("resourcetype"), .dav("displayname")]
    switch self {
    case .calendar:
      names += [
        .caldav("supported-calendar-component-set"), DAVName(DAVName.calendarServer, "getctag"),
        .dav("sync-token"), DAVName(DAVName.apple, "calendar-color"),
        DAVName(DAVName.apple, "calendar-order"),
      ]
      if case .calendar(let calendar, _) = self {
        if calendar.summary != nil { names.append(.caldav("calendar-description")) }
        if calendar.timeZone != nil { names.append(.caldav("calendar-timezone")) }
      }
    case .todo:
      names = [
        .dav("resourcetype"), .dav("getetag"), .dav("getcontenttype"), .dav("getlastmodified"),
      ]
    default: break
    }
    return names
  }

  /// The value of a property, as the element to return; `nil` for a property this resource
  /// does not have (reported 404).
  func value(of name: DAVName, user: String) -> DAVElement? {
    let principal = DAVPath.principal(user: user).href
    let home = DAVPath.home(user: user).href
    func href(_ text: String) -> DAVElement { DAVElement(.dav("href"), text: text) }
    func element(_ children: [DAVElement] = [], text: String = "") -> DAVElement {
      DAVElement(name, children: children, text: text)
    }
    switch (name.namespace, name.local) {
    case (DAVName.dav, "current-user-principal"):
      return element([href(principal)])
    case (DAVName.dav, "principal-collection-set"):
      return element([href(DAVPath.principals.href)])
    case (DAVName.dav, "supported-report-set"):
      return element(supportedReports)
    case (DAVName.dav, "current-user-privilege-set"):
      return element(privileges.map { DAVElement(.dav("privilege"), children: [$0]) })
    default: break
    }
    switch self {
    case .root, .principals:
      switch (name.namespace, name.local) {
      case (DAVName.dav, "resourcetype"): return element([DAVElement(.dav("collection"))])
      case (DAVName.dav, "displayname"): return element(text: "todo")
      default: return nil
      }
    case .principal:
      switch (name.namespace, name.local) {
      case (DAVName.dav, "resourcetype"): return element([DAVElement(.dav("principal"))])
      case (DAVName.dav, "displayname"): return element(text: user)
      case (DAVName.dav, "principal-URL"): return element([href(principal)])
      case (DAVName.caldav, "calendar-home-set"): return element([href(home)])
      case (DAVName.caldav, "calendar-user-address-set"):
        return element([href(principal)])
      default: return nil
      }
    case .home:
      switch (name.namespace, name.local) {
      case (DAVName.dav, "resourcetype"): return element([DAVElement(.dav("collection"))])
      case (DAVName.dav, "displayname"): return element(text: "Lists")
      case (DAVName.dav, "owner"): return element([href(principal)])
      default: return nil
      }
    case .calendar(let calendar, let token):
      switch (name.namespace, name.local) {
      case (DAVName.dav, "resourcetype"):
        return element([DAVElement(.dav("collection")), DAVElement(.caldav("calendar"))])
      case (DAVName.dav, "displayname"): return element(text: calendar.name)
      case (DAVName.caldav, "supported-calendar-component-set"):
        return element([DAVElement(.caldav("comp"), attributes: ["name": "VTODO"])])
      case (DAVName.caldav, "supported-calendar-data"):
        return element([
          DAVElement(
            .caldav("calendar-data"),
            attributes: ["content-type": "text/calendar", "version": "2.0"])
        ])
      case (DAVName.calendarServer, "getctag"): return element(text: SyncToken.text(token))
      case (DAVName.dav, "sync-token"): return element(text: SyncToken.text(token))
      case (DAVName.apple, "calendar-color"):
        return calendar.color.map { element(text: $0) }
      case (DAVName.apple, "calendar-order"): return element(text: "\(calendar.order)")
      case (DAVName.caldav, "calendar-description"):
        return calendar.summary.map { element(text: $0) }
      case (DAVName.caldav, "calendar-timezone"):
        return calendar.timeZone.map { element(text: $0) }
      case (DAVName.dav, "getcontenttype"): return element(text: "text/calendar; charset=utf-8")
      default: return nil
      }
    case .todo(let resource, _):
      switch (name.namespace, name.local) {
      case (DAVName.dav, "resourcetype"): return element()
      case (DAVName.dav, "getetag"): return element(text: resource.etag)
      case (DAVName.dav, "getcontenttype"):
        return element(text: "text/calendar; charset=utf-8; component=VTODO")
      case (DAVName.dav, "getlastmodified"):
        return element(text: CalDAVController.httpDate(resource.todo.updatedAt))
      case (DAVName.caldav, "calendar-data"): return element(text: resource.text)
      default: return nil
      }
    }
  }

  /// The reports a resource answers.
  private var supportedReports: [DAVElement] {
    let reports: [DAVName]
    switch self {
    case .calendar:
      reports = [
        .caldav("calendar-query"), .caldav("calendar-multiget"), .caldav("free-busy-query"),
        .dav("sync-collection"),
      ]
    case .todo:
      reports = [
        .caldav("calendar-query"), .caldav("calendar-multiget"), .caldav("free-busy-query"),
      ]
    default: reports = []
    }
    return reports.map { report in
      DAVElement(
        .dav("supported-report"),
        children: [DAVElement(.dav("report"), children: [DAVElement(report)])])
    }
  }

  /// The privileges of the signed-in user (RFC 3744): reading everywhere; writing where the
  /// list is theirs or shared with them to edit.
  private var privileges: [DAVElement] {
    var names: [DAVName] = [.dav("read"), .dav("read-current-user-privilege-set")]
    switch self {
    case .home:
      names += [.dav("bind")]
    case .calendar(let calendar, _):
      if calendar.writable {
        names += [.dav("write-content"), .dav("bind"), .dav("unbind")]
      }
      if calendar.owned { names += [.dav("write"), .dav("write-properties")] }
    case .todo:
      break
    default: break
    }
    return names.map { DAVElement($0) }
  }
}

extension Multistatus {
  /// A resource's answer to the properties asked for: those it has, and those it has not.
  ///
  /// With a `selection`, a todo's `calendar-data` holds only what it keeps (RFC 4791 9.6.1).
  mutating func add(
    href: String, _ resource: DAVResource, names: [DAVName], user: String,
    selection: CalendarDataSelection? = nil
  ) {
    var found: [DAVElement] = []
    var missing: [DAVName] = []
    for name in names {
      if let selection, name == .caldav("calendar-data"), case .todo(let todo, _) = resource {
        found.append(DAVElement(name, text: selection.apply(to: todo.text)))
      } else if let value = resource.value(of: name, user: user) {
        found.append(value)
      } else {
        missing.append(name)
      }
    }
    add(href: href, found: found, missing: missing)
  }
}

/// Sync tokens (RFC 6578) and CTags: the store's change sequence, as a URI.
enum SyncToken {
  static let prefix = "urn:todo:sync:"
  /// The prefix of a token that goes on with an answer cut at its limit:
  /// `urn:todo:sync:page:SINCE:THROUGH:NAME` (`-` for no `SINCE`, the name's UTF-8 in hex).
  static let pagePrefix = prefix + "page:"

  static func text(_ sequence: ChangeSequence) -> String { prefix + sequence.description }

  /// The token of the rest of an answer after `since` cut at its limit.
  static func text(since: ChangeSequence?, page: CalendarSyncPage) -> String {
    let name = page.afterName.utf8.map { String(format: "%02x", $0) }.joined()
    return pagePrefix + (since?.description ?? "-") + ":" + page.through.description + ":" + name
  }

  /// What a token this server gave asks for: the changes after a sequence (none: from the
  /// start), and the page of the answer to go on with; `nil` for any other text.
  static func position(_ text: String) -> (since: ChangeSequence?, page: CalendarSyncPage?)? {
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard trimmed.hasPrefix(pagePrefix) else {
      guard trimmed.hasPrefix(prefix),
        let sequence = ChangeSequence(String(trimmed.dropFirst(prefix.count)))
      else { return nil }
      return (sequence, nil)
    }
    let parts = trimmed.dropFirst(pagePrefix.count).split(
      separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 3, let through = ChangeSequence(String(parts[1])),
      parts[2].count.isMultiple(of: 2), !parts[2].isEmpty
    else { return nil }
    var since: ChangeSequence?
    if parts[0] != "-" {
      guard let sequence = ChangeSequence(String(parts[0])) else { return nil }
      since = sequence
    }
    var bytes: [UInt8] = []
    var digits = parts[2][...]
    while !digits.isEmpty {
      guard let byte = UInt8(digits.prefix(2), radix: 16) else { return nil }
      bytes.append(byte)
      digits = digits.dropFirst(2)
    }
    guard let name = String(validating: bytes, as: UTF8.self) else { return nil }
    return (since, CalendarSyncPage(through: through, afterName: name))
  }
}

/// A `DAV:multistatus` body (RFC 4918 13).
struct Multistatus {
  private var writer = DAVXMLWriter()

  init() {
    writer.open(.dav("multistatus"))
  }

  /// A resource's properties: those it has (200), those it does not (404).
  mutating func add(href: String, found: [DAVElement], missing: [DAVName]) {
    writer.open(.dav("response"))
    writer.element(.dav("href"), href)
    if !found.isEmpty { propstat(found, status: "HTTP/1.1 200 OK") }
    if !missing.isEmpty {
      propstat(missing.map { DAVElement($0) }, status: "HTTP/1.1 404 Not Found")
    }
    if found.isEmpty && missing.isEmpty {
      propstat([], status: "HTTP/1.1 200 OK")
    }
    writer.close(.dav("response"))
  }

  /// Properties grouped by status (a `PROPPATCH` answer).
  mutating func add(
    href: String, statuses: [(status: String, names: [DAVName])], description: String? = nil
  ) {
    writer.open(.dav("response"))
    writer.element(.dav("href"), href)
    for (status, names) in statuses where !names.isEmpty {
      propstat(names.map { DAVElement($0) }, status: status)
    }
    if let description { writer.element(.dav("responsedescription"), description) }
    writer.close(.dav("response"))
  }

  /// A resource with a status only (a removed member of a sync, an href a multiget asked for
  /// that does not exist).
  mutating func add(href: String, status: String) {
    writer.open(.dav("response"))
    writer.element(.dav("href"), href)
    writer.element(.dav("status"), status)
    writer.close(.dav("response"))
  }

  private mutating func propstat(_ properties: [DAVElement], status: String) {
    writer.open(.dav("propstat"))
    writer.open(.dav("prop"), empty: properties.isEmpty)
    if !properties.isEmpty {
      for property in properties { property.write(to: &writer) }
      writer.close(.dav("prop"))
    }
    writer.element(.dav("status"), status)
    writer.close(.dav("propstat"))
  }

  /// The body, with a sync token at its end when given.
  mutating func finish(syncToken: String? = nil) -> String {
    if let syncToken { writer.element(.dav("sync-token"), syncToken) }
    writer.close(.dav("multistatus"))
    return writer.output
  }
}
