/// The table of `todo-bench persistence`, on SQLite and on PostgreSQL alike: each measure with
/// our figure, the baseline's and ours over the baseline's, or our figure alone.
///
/// Both engines print it, so a row reads the same whichever engine measured it.
struct PersistenceTable {
  private var table: Table

  /// A table whose baseline column is headed `baseline`.
  init(baseline: String) {
    table = Table("measure", "ours", baseline, "ratio")
  }

  /// Our time and the baseline's, in milliseconds, and ours over the baseline's.
  mutating func compare(_ measure: String, ours: Double, baseline: Double) {
    table.append(measure, Format.fixed(ours), Format.fixed(baseline), Format.fixed(ours / baseline))
  }

  /// A figure of ours with no baseline to compare it with.
  mutating func figure(_ measure: String, _ ours: String) {
    table.append(measure, ours, "-", "-")
  }

  /// The rows the save of a move wrote, in an ordered list of `count` objects.
  mutating func move(rows: Int, in count: Int) {
    figure("move in \(count) (rows written)", "\(rows)")
  }

  /// Prints the table, then `summary`'s line: the last line of the benchmark.
  func print(summary: KeyValuePairs<String, String>) {
    Swift.print(table.rendered)
    Swift.print(Format.summary(summary))
  }
}
