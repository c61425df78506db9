import Foundation
import Persistence

extension TodoService {
  /// What one pruning of the history removed.
  public struct HistoryPruning: Sendable, Equatable {
    /// Change records dropped.
    public var changeRecords: Int
    /// Calendar tombstones dropped (the records that a resource left a list).
    public var tombstones: Int
  }

  /// Drops what the store keeps only for clients that sync from an older state: the change
  /// records and the calendar tombstones older than `retention`. A calendar app (or a page)
  /// holding a sync token from before then is told to sync in full (`valid-sync-token`), and
  /// loses nothing: every resource that still exists is sent again, and it forgets the others.
  ///
  /// Records are matched to moments through ``HistoryMark``s, one written per call: calling
  /// this every hour bounds the history to `retention` plus an hour.
  @discardableResult
  public func pruneHistory(keeping retention: Duration) async throws -> HistoryPruning {
    let now = self.now()
    let cutoff = now.addingTimeInterval(-Double(retention.components.seconds))
    let horizon = try await container.write { tx -> Int64? in
      let sequence = Int64(clamping: try tx.changeSequence().rawValue)
      try tx.insert(HistoryMark(id: UUID(), at: now, sequence: sequence))
      // The newest mark at or before the cutoff: every record up to its sequence is older.
      let marks = try tx.fetch(
        FetchRequest<HistoryMark>(
          filter: HistoryMark.atAttribute <= cutoff,
          sortedBy: [HistoryMark.atAttribute.descending]))
      guard let newest = marks.first else { return nil }
      for mark in marks.dropFirst() { try tx.delete(mark) }
      return newest.sequence
    }
    let tombstones = try await container.write { tx -> Int in
      let old = try tx.fetch(
        FetchRequest<CalendarTombstone>(filter: CalendarTombstone.atAttribute < cutoff))
      for tombstone in old { try tx.delete(tombstone) }
      return old.count
    }
    guard let horizon else { return HistoryPruning(changeRecords: 0, tombstones: tombstones) }
    let records = try await container.pruneChangeRecords(
      through: ChangeSequence(rawValue: UInt64(max(0, horizon))))
    return HistoryPruning(changeRecords: records, tombstones: tombstones)
  }
}
