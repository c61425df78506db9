/// Where an operator was written, for the issues it reports.
struct _SourceLocation: Sendable {
  let fileID: StaticString
  let filePath: StaticString
  let line: UInt
  let column: UInt
}

extension _SourceLocation {
  /// Reports an issue at this location.
  func report(_ message: String) {
    reportIssue(message, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Reports an error an `Effect.run` operation threw and did not handle.
  func reportUnhandled(_ error: any Error) {
    report(
      """
      An "Effect.run" operation threw an unhandled error:

      \(String(customDumping: error))

      Catch errors inside the operation, or pass a "catch" handler that turns them into \
      actions.
      """
    )
  }
}
