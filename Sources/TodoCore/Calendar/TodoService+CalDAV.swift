import Foundation
import Persistence

// MARK: - Calendars and their resources, as CalDAV reads them

extension TodoService {
  /// The lists the principal sees, as calendar collections in the user's order, and the sync
  /// token of the state they were read in.
  public func calendarCollections() async throws -> (
    collections: [CalendarCollection], token: ChangeSequence
  ) {
    try await read { tx in
      (try self.collections(of: self.visibleLists(in: tx), in: tx), try tx.changeSequence())
    }
  }

  /// One list as a calendar collection, and the sync token of the state it was read in.
  ///
  /// - Throws: `TodoError.notFound` for a list the principal cannot see.
  public func calendarCollection(id: UUID) async throws -> (
    collection: CalendarCollection, token: ChangeSequence
  ) {
    try await read { tx in
      (try self.collection(id: id, in: tx), try tx.changeSequence())
    }
  }

  /// The live todos of a list as calendar resources (those named in `names` only, when given:
  /// what a `calendar-multiget` asks for; names it does not hold are left out), with the
  /// collection and the sync token of the state they were read in.
  ///
  /// - Throws: `TodoError.notFound` for a list the principal cannot see.
  public func calendarResources(in listID: UUID, named names: [String]? = nil) async throws
    -> (collection: CalendarCollection, resources: [CalendarResource], token: ChangeSequence)
  {
    try await read { tx in
      let collection = try self.collection(id: listID, in: tx)
      var resources = try self.resources(
        of: try tx.fetch(Self.liveTodos(inList: listID)), in: tx)
      if let names {
        let wanted = Set(names)
        resources.removeAll { !wanted.contains($0.name) }
      }
      return (collection, resources, try tx.changeSequence())
    }
  }

  /// The live todo a list holds under this resource name.
  ///
  /// - Throws: `TodoError.notFound` for a list the principal cannot see or a name it does not
  ///   hold.
  public func calendarResource(in listID: UUID, named name: String) async throws
    -> CalendarResource
  {
    try await read { tx in
      _ = try self.liveList(id: listID, need: .read, in: tx)
      guard let resource = try Self.resource(named: name, in: listID, in: tx) else {
        throw TodoError.notFound(entity: "calendar resource", id: name)
      }
      return try self.resources(of: [resource.todo], in: tx)[0]
    }
  }

  /// What changed in a list since a sync token (RFC 6578): the resources added or changed,
  /// the names of those that left, and the new token. Without a token, every resource (the
  /// first sync).
  ///
  /// With a `limit`, at most that many resources (changed and removed), in the order of their
  /// names, and ``CalendarChanges/next`` says where the rest goes on: the same question with
  /// that `page` answers it. The token the last page gives is the state of the first, so a
  /// change made while the pages are read is never lost (one made to a resource already sent
  /// comes again in the next sync).
  ///
  /// - Throws: `CalendarError.invalidSyncToken` for a token this store did not give or whose
  ///   changes it no longer keeps; `TodoError.notFound` for a list the principal cannot see.
  public func calendarChanges(
    in listID: UUID, after token: ChangeSequence?, page: CalendarSyncPage? = nil,
    limit: Int? = nil
  ) async throws -> CalendarChanges {
    try await read { tx in
      _ = try self.liveList(id: listID, need: .read, in: tx)
      let now = try page?.through ?? tx.changeSequence()
      var changed: [CalendarResource]
      var removed: Set<String> = []
      if let token {
        guard
          let touched = try tx.changedIdentifiers(
            of: [Todo.self, CalendarData.self, CalendarTombstone.self, Account.self],
            after: token)
        else { throw CalendarError.invalidSyncToken }
        let todoIDs = touched[Todo.entityName] ?? []
        let dataIDs = touched[CalendarData.entityName] ?? []
        let tombstoneIDs = touched[CalendarTombstone.entityName] ?? []
        var todos = try tx.fetch(
          FetchRequest<Todo>(filter: Todo.idAttribute.isIn(Array(todoIDs.union(dataIDs))))
        ).filter { $0.listID == listID }
        // An assignee's account changed (their address): their todos' ATTENDEE did too.
        if self.principal != nil, let accountIDs = touched[Account.entityName], !accountIDs.isEmpty
        {
          let listed = Set(todos.map(\.id))
          todos += try tx.fetch(
            FetchRequest<Todo>(
              filter: Todo.listIDAttribute == listID && Todo.deletedAtAttribute.isNil
                && Todo.assigneeIDAttribute.isIn(Array(accountIDs)))
          ).filter { !listed.contains($0.id) }
        }
        let resources = try Self.resources(of: todos, in: tx)
        changed = resources.filter { !$0.todo.isTrashed }
        removed = Set(resources.filter(\.todo.isTrashed).map(\.name))
        let present = Set(changed.map(\.name))
        let tombstones =
          tombstoneIDs.isEmpty
          ? []
          : try tx.fetch(
            FetchRequest<CalendarTombstone>(
              filter: CalendarTombstone.idAttribute.isIn(Array(tombstoneIDs))))
        for tombstone in tombstones
        where tombstone.listID == listID && !present.contains(tombstone.name) {
          removed.insert(tombstone.name)
        }
      } else {
        changed = try Self.resources(of: try tx.fetch(Self.liveTodos(inList: listID)), in: tx)
      }
      // One order, by name, so that an answer cut at its limit goes on where it stopped.
      var entries =
        changed.map { (name: $0.name, resource: Optional($0)) }
        + removed.map { (name: $0, resource: CalendarResource?.none) }
      entries.sort { $0.name < $1.name }
      if let after = page?.afterName { entries.removeAll { $0.name <= after } }
      var next: CalendarSyncPage?
      if let limit, entries.count > limit, let last = entries.prefix(limit).last {
        entries = Array(entries.prefix(limit))
        next = CalendarSyncPage(through: now, afterName: last.name)
      }
      // The reminders (and the ETags they are in) of the resources sent only.
      return CalendarChanges(
        changed: try self.withReminders(entries.compactMap(\.resource), in: tx),
        removed: entries.filter { $0.resource == nil }.map(\.name), token: now, next: next)
    }
  }

  // MARK: - Helpers

  /// Lists as collections, numbered in the order given.
  func collections(of lists: [TodoList], in tx: ReadTransaction) throws -> [CalendarCollection] {
    let stored = try tx.fetch(
      FetchRequest<CalendarListData>(filter: CalendarListData.idAttribute.isIn(lists.map(\.id))))
    let dataByID = Dictionary(uniqueKeysWithValues: stored.map { ($0.id, $0) })
    return try lists.enumerated().map { offset, list in
      let access = try self.access(to: list, in: tx) ?? .read
      let mayWrite = principal?.mayWrite ?? true
      let data = dataByID[list.id]
      // A name the owner chose is in the owner's calendar home; the people the list is shared
      // with find it by its identifier (their own calendars may use the name).
      let isOwners = principal == nil || list.ownerID == principal?.accountID
      return CalendarCollection(
        id: list.id, segment: (isOwners ? data?.segment : nil) ?? list.id.uuidString.lowercased(),
        name: list.name, color: data?.color, order: data?.calendarOrder ?? offset + 1,
        summary: data?.summary,
        timeZone: data?.timeZone, writable: mayWrite && access >= .edit,
        owned: mayWrite && access == .own)
    }
  }

  /// One visible live list as a collection, numbered among the visible lists.
  func collection(id: UUID, in tx: ReadTransaction) throws -> CalendarCollection {
    _ = try liveList(id: id, need: .read, in: tx)
    let lists = try visibleLists(in: tx)
    guard let collection = try collections(of: lists, in: tx).first(where: { $0.id == id }) else {
      throw TodoError.notFound(entity: "list", id: id.uuidString)
    }
    return collection
  }

  /// Todos with what they keep of their calendars and the principal's reminders (their
  /// `VALARM`s), in the order given.
  func resources(of todos: [Todo], in tx: ReadTransaction) throws -> [CalendarResource] {
    try withReminders(try Self.resources(of: todos, in: tx), in: tx)
  }

  /// `resources` with the principal's reminders of their todos (their `VALARM`s, and their
  /// ETags with them) and, on a server with accounts, their assignees (their `ATTENDEE`).
  func withReminders(_ resources: [CalendarResource], in tx: ReadTransaction) throws
    -> [CalendarResource]
  {
    var reminders: [UUID: [Reminder]] = [:]
    var first = 0
    while first < resources.count {
      let slice = resources[first..<min(first + 500, resources.count)]
      for reminder in try tx.fetch(
        FetchRequest<Reminder>(
          filter: Reminder.todoIDAttribute.isIn(slice.map(\.todo.id)) && ownReminders,
          sortedBy: [Reminder.createdAtAttribute.ascending]))
      {
        reminders[reminder.todoID, default: []].append(reminder)
      }
      first += 500
    }
    let assignees = try self.assignees(of: resources.map(\.todo), in: tx)
    return resources.map { resource in
      CalendarResource(
        todo: resource.todo, data: resource.data, reminders: reminders[resource.todo.id] ?? [],
        parentUID: resource.parentUID,
        assignee: assignees.map { .assignee($0[resource.todo.id]) } ?? .kept)
    }
  }

  /// Todos with what they keep of their calendars, in the order given (no reminders: what
  /// names and departures need).
  static func resources(of todos: [Todo], in tx: ReadTransaction) throws -> [CalendarResource] {
    var data: [UUID: CalendarData] = [:]
    // In slices, so that a first sync of a long list binds a bounded number of parameters.
    var start = 0
    while start < todos.count {
      let slice = todos[start..<min(start + 500, todos.count)]
      for row in try tx.fetch(
        FetchRequest<CalendarData>(filter: CalendarData.idAttribute.isIn(slice.map(\.id))))
      {
        data[row.id] = row
      }
      start += 500
    }
    let parents = try parentUIDs(of: todos, in: tx)
    return todos.map {
      CalendarResource(todo: $0, data: data[$0.id], parentUID: parents[$0.id])
    }
  }

  /// The todo of a list (live, or in the trash when `trashed`) with this resource name.
  static func resource(
    named name: String, in listID: UUID, trashed: Bool = false, in tx: ReadTransaction
  ) throws -> CalendarResource? {
    let accept = { (todo: Todo) in todo.listID == listID && (trashed || !todo.isTrashed) }
    for data in try tx.fetch(
      FetchRequest<CalendarData>(filter: CalendarData.resourceNameAttribute == name))
    {
      if let todo = try tx.object(Todo.self, id: data.id), accept(todo) {
        return CalendarResource(todo: todo, data: data)
      }
    }
    // A todo made here (or read from a file) is named after its identifier.
    guard name.hasSuffix(".ics"), let id = UUID(uuidString: String(name.dropLast(4))),
      let todo = try tx.object(Todo.self, id: id), accept(todo)
    else { return nil }
    let data = try tx.object(CalendarData.self, id: id)
    guard data?.resourceName == nil else { return nil }
    return CalendarResource(todo: todo, data: data)
  }
}

extension TodoService {
  /// Records that these todos' resources leave their lists (moved to another list, or deleted
  /// for good), for the next `sync-collection` of those lists. Call it before the todos
  /// change list or are deleted, in the same transaction.
  static func recordDeparture(of todos: [Todo], in tx: WriteTransaction, at date: Date) throws {
    for resource in try resources(of: todos, in: tx) {
      try tx.insert(
        CalendarTombstone(id: UUID(), listID: resource.todo.listID, name: resource.name, at: date))
    }
  }
}
