import Foundation

extension String {
  /// The string with every line indented by four spaces.
  func indented() -> String {
    split(separator: "\n", omittingEmptySubsequences: false)
      .map { $0.isEmpty ? "" : "    " + $0 }
      .joined(separator: "\n")
  }
}

/// Waits until `condition` holds, checking it between yields, for at most `timeout` of real
/// time. Returns whether it holds.
func waitUntil(_ timeout: Duration, _ condition: () -> Bool) async -> Bool {
  if condition() { return true }
  let clock = ContinuousClock()
  let deadline = clock.now.advanced(by: timeout)
  var spins = 0
  while clock.now < deadline {
    if spins < 100 {
      spins += 1
      await Task.yield()
    } else {
      try? await Task.sleep(for: .microseconds(200))
    }
    if condition() { return true }
  }
  return condition()
}
