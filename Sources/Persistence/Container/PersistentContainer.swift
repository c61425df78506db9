import Foundation

/// The object store of an app: opens the database, runs migrations, and hands out contexts.
///
/// Like Core Data's `NSPersistentContainer`, but created with an async initializer that
/// returns only once the store is open and migrated: nothing can read or write before. It is
/// not a singleton; open as many as needed (tests open one per test).
///
/// ```swift
/// let container = try await PersistentContainer(
///   .file(directory.appendingPathComponent("todos.sqlite")), entities: [Todo.self])
/// let context = container.viewContext
/// try context.insert(Todo(title: "Milk"))
/// try await context.save()
/// ```
public final class PersistentContainer: Sendable {
  /// Where the store is.
  public let location: StoreLocation
  /// The main context. It merges what other contexts save automatically.
  public let viewContext: ModelContext
  let core: ContainerCore
  private let polling: Task<Void, Never>?

  /// Opens (creating if needed) and migrates a store.
  ///
  /// - Parameters:
  ///   - location: A database file, or memory.
  ///   - entities: Every entity the store holds, each with its migrations.
  ///   - pollingInterval: How often to look for commits by other processes (file stores,
  ///     whose `data_version` is their only news of them). A PostgreSQL store hears of other
  ///     servers' commits through `LISTEN`/`NOTIFY`, and reads what it missed whenever that
  ///     connection comes back: it looks on its own only every ``postgresSafetyInterval``,
  ///     so that an idle server costs its database nothing.
  /// - Throws: `ContainerError` (`cannotCreate`, `notWritable`, `notADatabase`, `corrupt`,
  ///   `schemaTooNew`, `invalidModel`) or `EngineError`.
  public init(
    _ location: StoreLocation, entities: [any Entity.Type],
    pollingInterval: Duration = .milliseconds(150)
  ) async throws {
    let hub = ChangeHub()
    let engine: any StorageEngine
    switch location {
    case .file(let url):
      engine = try await SQLiteEngine.open(file: url, entities: entities) { hub.publish($0) }
    case .inMemory:
      engine = try await SQLiteEngine.open(file: nil, entities: entities) { hub.publish($0) }
    case .postgres(let postgres):
      engine = try await PostgresEngine.open(postgres, entities: entities) { hub.publish($0) }
    }
    let core = ContainerCore(engine: engine, hub: hub, entities: entities)
    self.location = location
    self.core = core
    self.viewContext = ModelContext(core: core, kind: .view, parent: nil)
    if location != .inMemory {
      let interval: Duration =
        if case .postgres = location { max(pollingInterval, Self.postgresSafetyInterval) } else {
          pollingInterval
        }
      polling = Task.detached {
        await Self.pollExternalChanges(engine: engine, hub: hub, every: interval)
      }
    } else {
      polling = nil
    }
    persistenceLogger.debug("opened \(location.path)")
  }

  deinit {
    polling?.cancel()
  }

  /// A new context for work off the view context (imports, server requests). Its saves are
  /// merged by the view context and seen by every observer.
  public func newBackgroundContext() -> ModelContext {
    ModelContext(core: core, kind: .background, parent: nil)
  }

  /// Stops looking for outside changes, ends every observation and closes the database
  /// connections. Contexts fail afterwards.
  public func close() throws {
    polling?.cancel()
    core.hub.publish(.closed)
    try core.engine.close()
  }

  /// How often a PostgreSQL store reads the change table itself, besides its notifications: a
  /// safety net, not the way changes arrive.
  public static let postgresSafetyInterval = Duration.seconds(10)

  /// Looks for commits of other connections (another process, another container) every
  /// `interval`, and publishes their change records: the objects they name are read and every
  /// observation applies them incrementally.
  private static func pollExternalChanges(
    engine: any StorageEngine, hub: ChangeHub, every interval: Duration
  ) async {
    // An outage is logged when it begins and when it ends, not at every poll.
    var failing = false
    while !Task.isCancelled {
      do {
        try await engine.catchUpExternalChanges()
        if failing { persistenceLogger.info("change polling works again") }
        failing = false
      } catch {
        if Task.isCancelled { return }
        if !failing { persistenceLogger.warning("change polling failed: \(error)") }
        failing = true
      }
      try? await Task.sleep(for: interval)
    }
  }
}

extension PersistentContainer {
  /// The change sequence of the newest commit handed to this container's observations (its
  /// own, and those of other processes or servers it has read).
  ///
  /// Read after a write, it is at least that write's commit: an observer whose value has
  /// reached it has seen the write.
  ///
  /// ```swift
  /// try await container.write { tx in try tx.insert(todo) }
  /// let written = container.publishedSequence
  /// for try await results in container.viewContext.observe(request)
  /// where results.sequence >= written {
  ///   break  // the observation shows the write
  /// }
  /// ```
  public var publishedSequence: ChangeSequence { core.hub.publishedSequence }

  /// Whether the store can be reached now (a SQLite store always can).
  public var availability: StoreAvailability { core.engine.availability }

  /// The store's availability now, then each time it changes, until the container closes:
  /// what a server shows its clients while its database is down.
  ///
  /// ```swift
  /// for await availability in container.availabilityUpdates() {
  ///   banner.isHidden = availability == .available
  /// }
  /// ```
  public func availabilityUpdates() -> AsyncStream<StoreAvailability> {
    let (updates, continuation) = AsyncStream.makeStream(
      of: StoreAvailability.self, bufferingPolicy: .bufferingNewest(1))
    let subscription = subscribeAvailability {
      continuation.yield($0)
    } onClose: {
      continuation.finish()
    }
    continuation.onTermination = { _ in subscription.cancel() }
    return updates
  }

  /// Calls `onChange` with the store's availability now, then each time it changes, on the
  /// thread that noticed the change, and `onClose` once when the container closes: what
  /// ``availabilityUpdates()`` yields, without a task waiting for it.
  ///
  /// - Returns: The subscription; it ends when cancelled or released.
  public func subscribeAvailability(
    _ onChange: @escaping @Sendable (StoreAvailability) -> Void,
    onClose: @escaping @Sendable () -> Void
  ) -> ObservationSubscription {
    let hub = core.hub
    let token = hub.subscribe(to: .availability) { event in
      switch event {
      case .availability(let availability): onChange(availability)
      case .closed: onClose()
      case .commit, .external: break
      }
    }
    // After subscribing: a change from here on is not missed, at worst repeated.
    onChange(core.engine.availability)
    return ObservationSubscription { hub.unsubscribe(token) }
  }

  /// The number of running observations and merging contexts, for diagnostics and tests.
  public var observerCount: Int { core.hub.subscriberCount }
}
