import ArgumentParser

/// The load of `todo-bench soak`: how long it runs, how many connections write and pages read,
/// on how many todos, and how much history the server keeps.
///
/// One value from the command line to the server's setup and to ``SoakDriver``, which takes it
/// whole rather than each figure again.
struct SoakOptions: ParsableArguments {
  @Option(help: "Measured seconds (after the warm-up).")
  var duration = 600

  @Option(help: "Warm-up seconds (not measured; resident memory is taken at its end).")
  var warmUp = 30

  @Option(help: "Keep-alive connections writing.")
  var connections = 4

  @Option(help: "Live pages open, reading every message.")
  var pages = 100

  @Option(help: "Todos in the list the pages show and the writes change.")
  var todos = 1_000

  @Option(
    help: """
      Seconds of history kept (change records, calendar tombstones), pruned every quarter of \
      it; 0 keeps it.
      """)
  var retention = 10

  func validate() throws {
    guard (10...86_400).contains(duration) else {
      throw ValidationError("--duration must be 10...86400 seconds")
    }
    guard (0...3_600).contains(warmUp) else {
      throw ValidationError("--warm-up must be 0...3600 seconds")
    }
    guard (1...64).contains(connections), (0...5_000).contains(pages) else {
      throw ValidationError("--connections must be 1...64 and --pages 0...5000")
    }
    guard todos >= 8 * connections, todos <= 1_000_000 else {
      throw ValidationError("--todos must be at least 8 per connection, at most 1000000")
    }
    guard (0...86_400).contains(retention), retention == 0 || retention < warmUp else {
      throw ValidationError(
        "--retention must be 0...86400 seconds and shorter than --warm-up (then the size is steady)"
      )
    }
  }
}
