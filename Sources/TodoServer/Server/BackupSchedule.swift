import Foundation
import Logging
import TodoCore

/// Backups a server makes by itself (`todo serve --backup-every 1d --backup-keep 7`): one
/// ``StoreBackup`` every `interval` into `directory`, named by the moment it was taken, the
/// oldest removed beyond `keep`.
public struct BackupSchedule: Sendable, Hashable {
  /// Where the backups go.
  public var directory: URL
  /// Time between two backups.
  public var interval: Duration
  /// How many backups are kept (the newest).
  public var keep: Int

  /// Creates a schedule.
  public init(directory: URL, interval: Duration, keep: Int) {
    self.directory = directory
    self.interval = interval
    self.keep = keep
  }

  /// The file names backups get: `todo-20261128T153000Z.sqlite`, in the order they sort.
  static let prefix = "todo-"
  static let suffix = ".sqlite"

  /// Backs `service`'s store up every `interval` until cancelled. A failed backup is logged
  /// and tried again at the next moment; it never stops the server.
  func run(service: TodoService, logger: Logger) async {
    while !Task.isCancelled {
      do {
        try await Task.sleep(for: interval)
      } catch {
        return
      }
      do {
        let file = try nextFile()
        let summary = try await StoreBackup.write(service.container, to: file)
        logger.info("backed up \(summary.description) to \(file.path)")
        try prune()
      } catch is CancellationError {
        return
      } catch {
        logger.error("the scheduled backup failed: \(error)")
      }
    }
  }

  /// The next backup's file, its directory made if need be.
  private func nextFile() throws -> URL {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let stamp = Date.now.formatted(
      Date.ISO8601FormatStyle(dateSeparator: .omitted, timeSeparator: .omitted))
    return directory.appendingPathComponent(Self.prefix + stamp + Self.suffix)
  }

  /// Removes the oldest backups beyond `keep` (only files this schedule names).
  func prune() throws {
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
      .filter { $0.hasPrefix(Self.prefix) && $0.hasSuffix(Self.suffix) }
      .sorted()
    for name in names.dropLast(keep) {
      try FileManager.default.removeItem(at: directory.appendingPathComponent(name))
    }
  }
}
