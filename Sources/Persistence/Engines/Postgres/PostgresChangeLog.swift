import Foundation

/// The store's change records on PostgreSQL: the same records as SQLite's ``ChangeLog``, one
/// row per committed entity batch, numbered store-wide, written in the commit's transaction.
///
/// Writers hold the store's write lock (a transaction-level advisory lock) from their first
/// statement, so sequences are given and committed in one order across every server: a server
/// that has published sequence `n` has seen every commit up to `n`. The last sequence lives in
/// `persistence_state`, so it survives pruning. Each commit sends one notification on
/// ``channel`` at commit time, carrying its sequences and, when they fit, the identifiers it
/// touched.
enum PostgresChangeLog {
  /// The `LISTEN`/`NOTIFY` channel.
  static let channel = "persistence_changes"
  /// The longest payload sent; PostgreSQL's limit is 8,000 bytes. A commit that touched more
  /// sends only its sequences, and listeners read the records.
  static let maximumPayload = 7_000

  static let createSQL = [
    """
    CREATE TABLE IF NOT EXISTS persistence_changes (
      sequence BIGINT PRIMARY KEY, entity TEXT NOT NULL,
      inserted BYTEA NOT NULL, updated BYTEA NOT NULL, deleted BYTEA NOT NULL)
    """,
    "CREATE TABLE IF NOT EXISTS persistence_state (id INTEGER PRIMARY KEY, sequence BIGINT NOT NULL)",
    "INSERT INTO persistence_state (id, sequence) VALUES (1, 0) ON CONFLICT (id) DO NOTHING",
  ]

  /// The newest sequence in the store (0 for a new store).
  static func lastSequence(_ session: PostgresSession) throws -> Int64 {
    guard
      case .integer(let sequence) = try session.rows(
        "SELECT sequence FROM persistence_state WHERE id = 1"
      ).first?.first
    else { return 0 }
    return sequence
  }

  /// Appends the records of one commit after `previous`, advances the store's sequence and
  /// queues the commit's notification, inside the commit's transaction.
  ///
  /// - Returns: The first and last sequence written.
  static func append(
    _ session: PostgresSession, after previous: Int64, changes: [any AnyCommittedChanges]
  ) throws -> (first: Int64, last: Int64) {
    var sequence = previous
    for committed in changes {
      sequence += 1
      try session.execute(
        """
        INSERT INTO persistence_changes (sequence, entity, inserted, updated, deleted)
        VALUES ($1, $2, $3, $4, $5)
        """,
        [
          .integer(sequence), .text(committed.entityName),
          .blob(ChangeLog.pack(committed.insertedIDs)),
          .blob(ChangeLog.pack(committed.updatedIDs)),
          .blob(ChangeLog.pack(committed.deletedIDs)),
        ])
    }
    try session.execute(
      "UPDATE persistence_state SET sequence = $1 WHERE id = 1", [.integer(sequence)])
    if sequence / ChangeLog.pruneEvery != previous / ChangeLog.pruneEvery {
      try session.execute(
        "DELETE FROM persistence_changes WHERE sequence <= $1",
        [.integer(sequence - ChangeLog.retained)])
    }
    try session.execute(
      "SELECT pg_notify($1, $2)",
      [.text(channel), .text(payload(first: previous + 1, changes: changes))])
    return (previous + 1, sequence)
  }

  /// The records after `sequence`, oldest first, or `nil` if some of them were pruned.
  static func records(_ session: PostgresSession, after sequence: Int64) throws
    -> [ChangeLog.Record]?
  {
    let rows = try session.rows(
      """
      SELECT sequence, entity, inserted, updated, deleted FROM persistence_changes
      WHERE sequence > $1 ORDER BY sequence
      """, [.integer(sequence)])
    var records: [ChangeLog.Record] = []
    for row in rows {
      guard case .integer(let number) = row[0], case .text(let entity) = row[1] else { continue }
      var touched: [UUID] = []
      for column in row[2...4] {
        if case .blob(let data) = column { touched += ChangeLog.unpack(data) }
      }
      records.append(ChangeLog.Record(sequence: number, entity: entity, touched: touched))
    }
    // Gapless from `sequence + 1`, or some were pruned.
    if let first = records.first, first.sequence != sequence + 1 { return nil }
    if records.isEmpty, try lastSequence(session) > sequence { return nil }
    return records
  }

  // MARK: - Notifications

  /// A notification's text: `first last`, then one line per record, `entity id id …` (the
  /// identifiers in the 36-character form), unless that would pass ``maximumPayload``.
  static func payload(first: Int64, changes: [any AnyCommittedChanges]) -> String {
    let head = "\(first) \(first + Int64(changes.count) - 1)"
    var text = head
    for committed in changes {
      text += "\n" + committed.entityName
      for id in committed.insertedIDs + committed.updatedIDs + committed.deletedIDs {
        text += " " + id.uuidString
      }
      if text.utf8.count > maximumPayload { return head }
    }
    return text
  }

  /// A notification parsed: its sequences, and its records when it carried them.
  struct Notification: Equatable {
    var first: Int64
    var last: Int64
    var records: [ChangeLog.Record]?
  }

  /// Parses a notification's text, or `nil` for text this code did not send.
  static func parse(_ payload: String) -> Notification? {
    var lines = payload.split(separator: "\n", omittingEmptySubsequences: false)[...]
    guard let head = lines.popFirst() else { return nil }
    let numbers = head.split(separator: " ").compactMap { Int64($0) }
    guard numbers.count == 2, numbers[0] >= 1, numbers[1] >= numbers[0] else { return nil }
    guard !lines.isEmpty else { return Notification(first: numbers[0], last: numbers[1]) }
    guard lines.count == numbers[1] - numbers[0] + 1 else { return nil }
    var records: [ChangeLog.Record] = []
    for (offset, line) in lines.enumerated() {
      let words = line.split(separator: " ")
      guard let entity = words.first else { return nil }
      var ids: [UUID] = []
      for word in words.dropFirst() {
        guard let id = UUID(uuidString: String(word)) else { return nil }
        ids.append(id)
      }
      records.append(
        ChangeLog.Record(sequence: numbers[0] + Int64(offset), entity: String(entity), touched: ids)
      )
    }
    return Notification(first: numbers[0], last: numbers[1], records: records)
  }
}
