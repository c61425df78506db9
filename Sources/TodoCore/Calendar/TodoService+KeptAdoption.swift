import Foundation
import Persistence

extension TodoService {
  /// Runs `adopt` on each todo's kept calendar text that `filter` finds, in one write, and
  /// logs how many took something: how a store written before a field had a column of its own
  /// moves the field out of the text, once, when it opens.
  ///
  /// - Parameters:
  ///   - filter: The records that may hold the field (their kept text names it).
  ///   - what: What the todos take, for the log: "their calendar's sort order".
  ///   - adopt: Takes the field from one record and writes the change, in the write; `false`
  ///     when the record had nothing to give.
  /// - Returns: How many records gave something.
  func adoptFromKeptText(
    _ filter: Filter<CalendarData>, taking what: String,
    _ adopt: @escaping @Sendable (CalendarData, WriteTransaction) throws -> Bool
  ) async throws -> Int {
    let adopted = try await container.write { tx -> Int in
      var adopted = 0
      for record in try tx.fetch(FetchRequest<CalendarData>(filter: filter))
      where try adopt(record, tx) {
        adopted += 1
      }
      return adopted
    }
    if adopted > 0 { logger.info("\(adopted) todos took \(what)") }
    return adopted
  }
}
