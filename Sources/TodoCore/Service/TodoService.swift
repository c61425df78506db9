import Foundation
import Logging
import Persistence

/// The todo domain's operations: the one public API that the server, the command line and the
/// live page use to read and change lists and todos.
///
/// Every operation validates its input, applies the domain's rules (trimmed titles, limits,
/// versions, trash instead of deletion) and writes in one write transaction of the store,
/// which reads and checks versions under the store's write lock: concurrent writes of this
/// process or of another process on the same store never overwrite each other, and no lock
/// of this process is involved. Reads run in one read transaction each.
///
/// ```swift
/// let service = try await TodoService.open(.file(url))
/// let todo = try await service.createTodo(NewTodo(title: "Buy milk"))
/// let done = try await service.updateTodo(
///   id: todo.id, TodoPatch(status: .done), expectedVersion: todo.version)
/// ```
public final class TodoService: Sendable {
  /// The object store the service reads and writes.
  public let container: PersistentContainer
  let now: @Sendable () -> Date
  let logger: Logger
  /// Whom the operations act for on a server with accounts: they see and change only what
  /// this account may. `nil` for the single user of a server without accounts and for an
  /// administrator on the server's database, who see everything. For a service acting for
  /// a token (``acting(tokenID:secretHash:userName:)``), ``Principal/nobody`` until the
  /// token was checked in a transaction.
  public var principal: Principal? {
    guard let tokenCheck else { return fixedPrincipal }
    return tokenCheck.principal ?? .nobody
  }
  private let fixedPrincipal: Principal?
  /// The token to check in the first transaction, for a service acting for one.
  let tokenCheck: TokenCheck?
  /// The newest digest of the pages' observation (open counts and agenda), shared by the
  /// service and every service derived from it for a principal.
  let digests: DigestCache
  /// The views observations of the pages, one per person, shared by the service and every
  /// service derived from it.
  let views: ViewsHub
  /// The zone of the person it acts for, when a page said it (``reading(in:)``).
  private let timeZoneSetting: TimeZoneSetting?

  /// The time zone days and clock times are read in (the day a repeating todo was done):
  /// the person's (their page's, else their account's), else the server's.
  public var timeZone: TimeZone {
    timeZoneSetting?.timeZone ?? principal?.timeZone ?? .current
  }

  /// Where a todo store is: a database file, or memory.
  public typealias Location = StoreLocation

  /// Every entity of the todo store, for opening a container.
  public static let entities: [any Entity.Type] = [
    TodoList.self, Todo.self, Account.self, ListShare.self, AccountSession.self,
    AccessToken.self, SignInThrottle.self, CalendarData.self, CalendarTombstone.self,
    CalendarListData.self, TodoCompletion.self, Reminder.self, DigestRecord.self,
    SavedFilter.self, HistoryMark.self, OutlineState.self, TagStyle.self,
  ]

  /// Wraps an open container whose store holds ``entities``. Prefer ``open(_:now:)``, which
  /// also creates the Inbox.
  ///
  /// - Parameters:
  ///   - container: An open container.
  ///   - now: The clock for created, updated, done and deleted times.
  public init(
    container: PersistentContainer, now: @escaping @Sendable () -> Date = { Date() }
  ) {
    self.container = container
    self.now = now
    self.logger = Logger(label: "todo.core")
    self.fixedPrincipal = nil
    self.tokenCheck = nil
    self.digests = DigestCache()
    self.views = ViewsHub()
    self.timeZoneSetting = nil
  }

  init(
    _ service: TodoService, principal: Principal?, tokenCheck: TokenCheck? = nil,
    timeZoneSetting: TimeZoneSetting? = nil
  ) {
    self.container = service.container
    self.now = service.now
    self.logger = service.logger
    self.fixedPrincipal = principal
    self.tokenCheck = tokenCheck
    self.digests = service.digests
    self.views = service.views
    self.timeZoneSetting = timeZoneSetting ?? service.timeZoneSetting
  }

  /// The same store, acting for the same person, reading days and clock times in `setting`'s
  /// zone (a page's, once its browser said it).
  public func reading(in setting: TimeZoneSetting) -> TodoService {
    TodoService(self, principal: fixedPrincipal, tokenCheck: tokenCheck, timeZoneSetting: setting)
  }

  /// The same store, with every operation acting for `principal`: it reads only the lists the
  /// account owns or that were shared with it, changes only what its role and its
  /// credential allow, and gets `TodoError.notFound` for everything else, as if it did not
  /// exist.
  public func acting(as principal: Principal) -> TodoService {
    TodoService(self, principal: principal)
  }

  /// Opens (creating and migrating if needed) the todo store at `location` and makes sure it
  /// has an Inbox and that the todos of calendar clients repeat by their own rules
  /// (``adoptCalendarRepeatRules()``) and have their priorities and categories
  /// (``adoptCalendarPriorityAndTags()``), sort orders (``adoptCalendarSortOrders()``) and
  /// parents' `UID`s (``adoptCalendarParentUIDs()``).
  ///
  /// - Parameters:
  ///   - location: A database file (created with its directory) or memory.
  ///   - now: The clock for created, updated, done and deleted times.
  /// - Throws: `ContainerError` if the file cannot be opened or is not a todo store.
  public static func open(
    _ location: StoreLocation, now: @escaping @Sendable () -> Date = { Date() }
  ) async throws -> TodoService {
    let container = try await PersistentContainer(location, entities: entities)
    let service = TodoService(container: container, now: now)
    try await service.ensureInbox()
    try await service.adoptCalendarRepeatRules()
    try await service.adoptCalendarPriorityAndTags()
    try await service.adoptCalendarSortOrders()
    try await service.adoptCalendarParentUIDs()
    return service
  }

  /// Closes the store. The service fails afterwards.
  public func close() throws {
    try container.close()
  }

  /// Creates the Inbox if the store has none (a new installation).
  func ensureInbox() async throws {
    let created = try await write { tx in
      if try tx.object(TodoList.self, id: TodoList.inboxID) != nil { return false }
      let date = self.now()
      try tx.insert(
        TodoList(
          id: TodoList.inboxID, name: TodoList.inboxName, order: try OrderKey.between(nil, nil),
          createdAt: date, updatedAt: date), at: .top)
      return true
    }
    if created { logger.info("created the Inbox") }
  }

  // MARK: - Running operations

  /// Runs `body` in one write transaction and commits it. A todo someone else changed in
  /// between (a version the body expected and the store does not have) becomes
  /// `TodoError.versionConflict`.
  func write<T: Sendable>(_ body: @escaping @Sendable (WriteTransaction) throws -> T)
    async throws -> T
  {
    try await committing {
      try await self.container.write { tx in
        try self.authorizeWrite(in: tx)
        let value = try body(tx)
        try self.rearmReminders(in: tx)
        return value
      }
    }
  }

  /// Saves a context's changes and runs `body` in the same write transaction, after them (an
  /// edit session's draft, then the rules the change implies), under the same rules as
  /// ``write(_:)``.
  func save<T: Sendable>(
    _ context: ModelContext, then body: @escaping @Sendable (WriteTransaction) throws -> T
  ) async throws -> T {
    try await committing {
      try await context.save { tx in
        try self.authorizeWrite(in: tx)
        let value = try body(tx)
        try self.rearmReminders(in: tx)
        return value
      }
    }
  }

  /// Checks, in the write's transaction, that the principal may write at all.
  private func authorizeWrite(in tx: ReadTransaction) throws {
    try checkToken(in: tx)
    if let principal, !principal.mayWrite {
      throw TodoError.forbidden("this token may only read")
    }
  }

  /// Runs a write and turns the store's errors into the domain's: the store's conflict
  /// carries the todo's version now, so a conflict is reported without reading it again.
  private func committing<T: Sendable>(_ operation: () async throws -> T) async throws -> T {
    do {
      let value = try await operation()
      await recordTokenUse()
      return value
    } catch PersistenceError.conflict(let entity, let id, let current)
      where entity == Todo.entityName
    {
      guard let current else { throw TodoError.notFound(entity: "todo", id: id.uuidString) }
      throw TodoError.versionConflict(id: id, current: current)
    } catch PersistenceError.unavailable(let reason) {
      throw TodoError.unavailable(reason)
    }
  }

  /// Runs `body` in one read transaction.
  func read<T: Sendable>(_ body: @escaping @Sendable (ReadTransaction) throws -> T)
    async throws -> T
  {
    do {
      let value = try await container.read { tx in
        try self.checkToken(in: tx)
        return try body(tx)
      }
      await recordTokenUse()
      return value
    } catch PersistenceError.unavailable(let reason) {
      throw TodoError.unavailable(reason)
    }
  }
}
