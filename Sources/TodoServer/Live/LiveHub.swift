import Foundation
import Logging
import Persistence
import Synchronization
import TodoCore

/// Tells every open live page when the todo store changed.
///
/// While at least one page is connected, the hub observes every todo and every list through
/// `Persistence` observation (which sees commits of every context of this process, and of
/// other processes such as the command line), and calls each page's callback after each
/// commit. The page's store then reloads what it shows and sends the changes.
public final class LiveHub: Sendable {
  private struct Registry {
    var pages: [Int: @Sendable () -> Void] = [:]
    var nextID = 0
    var watcher: Task<Void, Never>?
  }

  private let registry = Mutex(Registry())
  private let logger: Logger

  /// Creates a hub with no pages.
  public init(logger: Logger = Logger(label: "todo.live")) {
    self.logger = logger
  }

  /// The number of connected pages.
  public var pageCount: Int { registry.withLock { $0.pages.count } }

  /// Registers a page; `onChange` runs after every commit to the store until ``leave(_:)``.
  ///
  /// - Returns: The page's token for ``leave(_:)``.
  func join(service: TodoService, onChange: @escaping @Sendable () -> Void) -> Int {
    registry.withLock { registry in
      registry.nextID += 1
      registry.pages[registry.nextID] = onChange
      if registry.watcher == nil { registry.watcher = startWatching(service) }
      return registry.nextID
    }
  }

  /// Forgets a page; the observation stops with the last page.
  func leave(_ token: Int) {
    let watcher: Task<Void, Never>? = registry.withLock { registry in
      registry.pages[token] = nil
      guard registry.pages.isEmpty else { return nil }
      defer { registry.watcher = nil }
      return registry.watcher
    }
    watcher?.cancel()
  }

  private func broadcast() {
    let pages = registry.withLock { Array($0.pages.values) }
    for page in pages { page() }
  }

  private func startWatching(_ service: TodoService) -> Task<Void, Never> {
    let context = service.container.viewContext
    let logger = logger
    let broadcast: @Sendable () -> Void = { [weak self] in self?.broadcast() }
    return Task {
      await withTaskGroup(of: Void.self) { group in
        group.addTask {
          do {
            for try await _ in context.observe(FetchRequest<Todo>()) { broadcast() }
          } catch {
            logger.error("live observation of todos ended: \(error)")
          }
        }
        group.addTask {
          do {
            for try await _ in context.observe(FetchRequest<TodoList>()) { broadcast() }
          } catch {
            logger.error("live observation of lists ended: \(error)")
          }
        }
      }
    }
  }
}
