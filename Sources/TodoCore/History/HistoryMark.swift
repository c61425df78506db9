import Foundation
import Persistence

/// Which change sequence the store had reached at a moment: what turns "older than 90 days"
/// into a sequence, so that the change records before it can be dropped
/// (``TodoService/pruneHistory(keeping:)``). One is written each time the history is pruned.
@Entity("history_mark")
public struct HistoryMark: Hashable {
  /// The record's own identifier.
  public var id: UUID
  /// When the store had reached `sequence`.
  public var at: Date
  /// The store's change sequence at that moment.
  public var sequence: Int64
}

extension HistoryMark {
  public static let migrations: [Migration] = [
    Migration(
      "create", [.createTable(["at", "sequence"]), .createIndex("history_mark_at", on: ["at"])])
  ]
}
