import Logging

/// The logging of a benchmark whose output is its table and summary line.
enum BenchLogging {
  /// Sends every log of the process, the server's in it included, to stderr at error level,
  /// and returns the benchmark's own logger, `label`, at that level.
  ///
  /// Call it once, at the start of a benchmark's run: swift-log bootstraps once per process.
  static func errorsOnly(label: String) -> Logger {
    LoggingSystem.bootstrap { label in
      var handler = StreamLogHandler.standardError(label: label)
      handler.logLevel = .error
      return handler
    }
    var logger = Logger(label: label)
    logger.logLevel = .error
    return logger
  }
}
