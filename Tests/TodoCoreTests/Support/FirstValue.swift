import Foundation

/// The first value of `values` that satisfies `condition`, or `nil` if the sequence ends or
/// a minute passes first.
///
/// It waits for the values, never for time: the limit only turns a condition that never holds
/// into a failure instead of a hung test (the whole suite in parallel on two cores has taken
/// more than ten seconds to deliver one value).
func firstValue<Values: AsyncSequence & Sendable>(
  of values: Values, where condition: @escaping @Sendable (Values.Element) -> Bool
) async throws -> Values.Element? where Values.Element: Sendable {
  try await withThrowingTaskGroup(of: Values.Element?.self) { group in
    group.addTask {
      for try await value in values where condition(value) { return value }
      return nil
    }
    group.addTask {
      try? await Task.sleep(for: .seconds(60))
      return nil
    }
    let first = try await group.next() ?? nil
    group.cancelAll()
    return first
  }
}
