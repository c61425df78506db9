import Foundation
import ICalendar
import Persistence

// MARK: - Calendars as clients name and describe them

/// What a client may set of a calendar (`MKCALENDAR`, `PROPPATCH`): each `nil` leaves its
/// property as it is; `.some(nil)` removes the colour, description or time zone.
public struct CalendarSettings: Sendable, Equatable {
  /// The list's new name (`displayname`).
  public var name: String?
  /// The colour (`calendar-color`), `#RRGGBB` or `#RRGGBBAA`.
  public var color: String??
  /// The calendar's sort key (`calendar-order`): the list goes before the first list whose
  /// key is the same or larger (a list's key is the one a client gave it, else its place
  /// from 1), and reads it back until the lists are reordered in the app.
  public var order: Int?
  /// The description (`calendar-description`).
  public var summary: String??
  /// The time zone (`calendar-timezone`): a `VCALENDAR` with one `VTIMEZONE`.
  public var timeZone: String??

  /// Changes nothing.
  public init(
    name: String? = nil, color: String?? = nil, order: Int? = nil, summary: String?? = nil,
    timeZone: String?? = nil
  ) {
    self.name = name
    self.color = color
    self.order = order
    self.summary = summary
    self.timeZone = timeZone
  }
}

extension TodoService {
  /// The longest description a calendar keeps.
  static let maximumCalendarSummary = 10_000
  /// The longest time zone a calendar keeps (a `VTIMEZONE` with its rules).
  static let maximumCalendarTimeZone = 100_000

  /// The list a calendar's path segment names, for the principal: the list whose identifier
  /// it is, else the calendar the principal created at that segment (in its own home).
  ///
  /// - Throws: `TodoError.notFound` when the segment names neither.
  public func calendarListID(segment: String) async throws -> UUID {
    // A UUID is never kept as a chosen segment (a calendar created at one takes it as its
    // identifier): no read for the paths of most calendars.
    if let id = UUID(uuidString: segment) { return id }
    return try await read { tx in
      guard let id = try self.namedCalendar(segment, in: tx, live: true)?.list.id else {
        throw TodoError.notFound(entity: "calendar", id: segment)
      }
      return id
    }
  }

  /// Creates a list as a new calendar (`MKCALENDAR`) at the end of the lists, at the path
  /// segment the client's URL names: a UUID becomes the list's identifier, any other segment
  /// the calendar's name in the principal's calendar home for as long as the list exists. A
  /// list in the trash that had the segment gives it up (restored, it is found by its
  /// identifier). Without a name (vdirsyncer names it later), the first free of "Calendar",
  /// "Calendar 2"….
  ///
  /// - Throws: `TodoError.validation` for a segment or identifier in use, a bad name, colour,
  ///   description or time zone.
  public func createCalendar(
    segment: String, settings changes: CalendarSettings = CalendarSettings()
  )
    async throws -> CalendarCollection
  {
    let given = try changes.name.map(TodoValidation.listName)
    let data = try Self.calendarData(changes, onto: CalendarListData(id: UUID()))
    let id = UUID(uuidString: segment)
    if id == nil { try Self.checkCalendarSegment(segment) }
    return try await write { tx in
      let owner = try self.newListOwner(in: tx)
      var data = data
      if let id {
        guard try tx.object(TodoList.self, id: id) == nil else {
          throw TodoError.validation(field: "calendar", message: "\(segment) exists already")
        }
        data.id = id
      } else {
        if let taken = try self.namedCalendar(segment, in: tx, live: false) {
          guard taken.list.isTrashed else {
            throw TodoError.validation(field: "calendar", message: "\(segment) exists already")
          }
          var released = taken.data
          released.segment = nil
          if released.isEmpty { try tx.delete(released) } else { try tx.update(released) }
        }
        data.segment = segment
      }
      var name = given ?? "Calendar"
      if given == nil {
        let taken = Set(
          try tx.fetch(Self.liveLists).filter { $0.ownerID == owner }.map { $0.name.lowercased() })
        var number = 2
        while taken.contains(name.lowercased()) {
          name = "Calendar \(number)"
          number += 1
        }
      }
      try Self.checkUnique(name, owner: owner, in: tx, except: nil)
      let date = self.now()
      let list = TodoList(
        id: data.id, name: name, order: try OrderKey.between(nil, nil), createdAt: date,
        updatedAt: date, ownerID: owner)
      try tx.insert(list, at: .bottom)
      if !data.isEmpty { try tx.insert(data) }
      if let order = changes.order { try self.place(list, at: order, in: tx) }
      return try self.collection(id: data.id, in: tx)
    }
  }

  /// Changes a calendar's name, colour, place, description or time zone (`PROPPATCH`); the
  /// owner's to do.
  ///
  /// - Throws: `TodoError.validation` for a bad name, colour, description or time zone,
  ///   `.forbidden` for a list the principal does not own.
  public func updateCalendar(id: UUID, _ changes: CalendarSettings) async throws
    -> CalendarCollection
  {
    let name = try changes.name.map(TodoValidation.listName)
    return try await write { tx in
      var list = try self.liveList(id: id, need: .own, in: tx)
      if let name, name != list.name {
        try Self.checkUnique(name, owner: list.ownerID, in: tx, except: id)
        list.name = name
        list.updatedAt = self.now()
        list = try tx.update(list)
      }
      let stored = try tx.object(CalendarListData.self, id: id)
      let data = try Self.calendarData(changes, onto: stored ?? CalendarListData(id: id))
      switch (stored, data.isEmpty) {
      case (nil, true): break
      case (nil, false): try tx.insert(data)
      case (.some, true): try tx.delete(data)
      case (let stored?, false) where stored != data: try tx.update(data)
      case (.some, false): break
      }
      if let order = changes.order { try self.place(list, at: order, in: tx) }
      return try self.collection(id: id, in: tx)
    }
  }

  // MARK: - Helpers

  /// The calendar the principal created at `segment`, with what it keeps: among the lists it
  /// owns (every list, without accounts), live ones only unless `live` is false.
  func namedCalendar(_ segment: String, in tx: ReadTransaction, live: Bool) throws
    -> (list: TodoList, data: CalendarListData)?
  {
    for data in try tx.fetch(
      FetchRequest<CalendarListData>(filter: CalendarListData.segmentAttribute == segment))
    {
      guard let list = try tx.object(TodoList.self, id: data.id),
        principal == nil || list.ownerID == principal?.accountID,
        !live || !list.isTrashed
      else { continue }
      return (list, data)
    }
    return nil
  }

  /// Gives `list` the sort key `order` and moves it before the first other list the
  /// principal sees whose key is the same or larger (at the end if none is).
  private func place(_ list: TodoList, at order: Int, in tx: WriteTransaction) throws {
    let lists = try visibleLists(in: tx)
    let stored = Dictionary(
      uniqueKeysWithValues: try tx.fetch(
        FetchRequest<CalendarListData>(filter: CalendarListData.idAttribute.isIn(lists.map(\.id)))
      ).map { ($0.id, $0) })
    var keys: [UUID: Int] = [:]
    for (offset, other) in lists.enumerated() {
      keys[other.id] = stored[other.id]?.calendarOrder ?? offset + 1
    }
    var data = stored[list.id] ?? CalendarListData(id: list.id)
    data.calendarOrder = order
    if stored[list.id] == nil { try tx.insert(data) } else { try tx.update(data) }
    let anchor = lists.first { $0.id != list.id && keys[$0.id, default: 0] >= order }
    let index = lists.firstIndex { $0.id == list.id }
    let next = index.flatMap { $0 + 1 < lists.count ? lists[$0 + 1] : nil }
    guard anchor?.id != next?.id else { return }
    var moved = list
    moved.updatedAt = now()
    try tx.move(moved, to: anchor.map { .before($0.id) } ?? .bottom)
  }

  /// Forgets the sort keys clients gave `lists` (``CalendarListData/calendarOrder``): once the
  /// lists are reordered in the app, each calendar's order is its place again.
  func forgetCalendarOrders(of lists: [UUID], in tx: WriteTransaction) throws {
    for var data in try tx.fetch(
      FetchRequest<CalendarListData>(filter: CalendarListData.idAttribute.isIn(lists)))
    where data.calendarOrder != nil {
      data.calendarOrder = nil
      if data.isEmpty { try tx.delete(data) } else { try tx.update(data) }
    }
  }

  /// `data` with the colour, description and time zone of `changes` checked and applied.
  static func calendarData(_ changes: CalendarSettings, onto data: CalendarListData) throws
    -> CalendarListData
  {
    var data = data
    if let color = changes.color { data.color = try color.map(calendarColor) }
    if let summary = changes.summary {
      guard (summary?.count ?? 0) <= maximumCalendarSummary else {
        throw TodoError.validation(
          field: "calendar-description",
          message: "a description is at most \(maximumCalendarSummary) characters")
      }
      data.summary = summary.flatMap { $0.isEmpty ? nil : $0 }
    }
    if let timeZone = changes.timeZone {
      data.timeZone = try timeZone.map(calendarTimeZone)
    }
    return data
  }

  /// A `calendar-timezone` value: one `VCALENDAR` holding exactly one `VTIMEZONE` (RFC 4791
  /// 5.2.2), kept as sent.
  static func calendarTimeZone(_ text: String) throws -> String {
    let invalid = TodoError.validation(
      field: "calendar-timezone", message: "a VCALENDAR with exactly one VTIMEZONE")
    guard text.utf8.count <= maximumCalendarTimeZone,
      let components = try? Component.parse(text), components.count == 1,
      components[0].hasName("VCALENDAR"),
      components[0].components.count == 1,
      components[0].components[0].hasName("VTIMEZONE")
    else { throw invalid }
    return text
  }

  /// Refuses a path segment a calendar cannot be created at: empty, longer than 255 bytes,
  /// or with control characters.
  static func checkCalendarSegment(_ segment: String) throws {
    guard !segment.isEmpty, segment.utf8.count <= 255, segment != ".", segment != "..",
      segment.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value != 0x7F && $0 != "/" })
    else {
      throw TodoError.validation(
        field: "calendar", message: "\(segment.debugDescription) is not a calendar's path segment")
    }
  }
}
