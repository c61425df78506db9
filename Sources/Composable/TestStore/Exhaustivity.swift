/// How strictly a ``TestStore`` checks a feature.
public enum Exhaustivity: Equatable, Sendable {
  /// Every state change must be asserted, every action an effect sends must be received in
  /// order, and every effect must have finished by the end of the test.
  case on

  /// Only what a test asserts is checked: a `send` or `receive` closure checks the fields it
  /// sets, `receive` skips the actions before the one it expects, and actions not received or
  /// effects still running at the end are not failures.
  case off
}
