import ArgumentParser
import Diffable

/// `todo-bench diff`: the staged diff of `Diffable` against the standard library's
/// `CollectionDifference` with `inferringMoves()`, on flat lists of 5k, 100k and 1M items and
/// on 100 sections of 1,000 items whose items move across sections.
struct DiffBenchmark: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "diff",
    abstract: "Diffable's staged diff against CollectionDifference.inferringMoves().")

  @Option(help: "Minimum repetitions of our diff per case (the fastest run counts).")
  var repetitions = 5

  @Option(help: "Skip CollectionDifference when its estimated time exceeds this many seconds.")
  var baselineLimit = 60.0

  func run() async throws {
    var table = Table(
      "case", "items", "del/ins/mov", "ours ms", "our moves", "stdlib ms", "stdlib moves",
      "speedup")
    var results: [String: Result] = [:]
    var stdlibSecondsPerWork: Double?
    for scenario in Scenario.all {
      let workload = DiffWorkload(
        sections: scenario.sections, size: scenario.size, deletes: scenario.deletes,
        inserts: scenario.inserts, moves: scenario.moves, seed: scenario.seed)
      var result = Result()
      if scenario.sections == 1 {
        let (source, target) = (workload.flatSource, workload.flatTarget)
        result.ours = Self.best(repetitions) {
          result.ourMoves = Self.ourFlatMoves(source, target)
        }
      } else {
        let source = workload.source.enumerated().map {
          ArraySection(model: $0.offset, elements: $0.element)
        }
        let target = workload.target.enumerated().map {
          ArraySection(model: $0.offset, elements: $0.element)
        }
        result.ours = Self.best(repetitions) {
          result.ourMoves = Self.ourSectionedMoves(source, target)
        }
      }
      // Myers' diff behind CollectionDifference costs about (n + m) · d.
      let work = Double(scenario.items) * Double(scenario.changes)
      let estimate = stdlibSecondsPerWork.map { $0 * work }
      if let estimate, estimate > baselineLimit {
        result.skipped = "n/a (skipped: O(n·d) Myers diff, estimated \(Int(estimate)) s)"
      } else {
        let (source, target) = (workload.flatSource, workload.flatTarget)
        let runs = scenario.items <= 10_000 ? 3 : 1
        result.stdlib = Measure.bestMilliseconds(repetitions: runs) {
          result.stdlibMoves = Self.stdlibMoves(source, target)
        }
        stdlibSecondsPerWork = max(stdlibSecondsPerWork ?? 0, result.stdlib / 1_000 / work)
      }
      results[scenario.name] = result
      table.append(
        scenario.name, "\(scenario.items)",
        "\(scenario.deletes)/\(scenario.inserts)/\(scenario.moves)",
        Format.fixed(result.ours), "\(result.ourMoves)",
        result.skipped ?? Format.fixed(result.stdlib),
        result.skipped == nil
          ? "\(result.stdlibMoves)" : "n/a",
        result.skipped == nil ? Format.fixed(result.stdlib / result.ours, 1) + "x" : "n/a")
    }
    print(table.rendered)
    let small = results["flat 5k"] ?? Result()
    let medium = results["flat 100k"] ?? Result()
    let large = results["flat 1M"] ?? Result()
    let sectioned = results["100 x 1k sections"] ?? Result()
    print(
      Format.summary([
        "speedup_5k": Format.fixed(small.stdlib / small.ours, 1),
        "speedup_100k": Format.fixed(medium.stdlib / medium.ours, 1),
        "scaling_1m": Format.fixed(large.ours / medium.ours, 2),
        "moves_100k": "\(medium.ourMoves)",
        "sectioned_ms": Format.fixed(sectioned.ours, 2),
      ]))
  }

  // MARK: - Measured operations

  /// The fastest of at least `repetitions` runs (and never fewer than 20, so that the 1,000,000
  /// case is sampled as often as the smaller ones it is compared with), repeated for about half a
  /// second so that a busy machine disturbs the figure less.
  static func best(_ repetitions: Int, _ body: () -> Void) -> Double {
    let first = Measure.milliseconds(body)
    let runs = min(200, max(repetitions, 20, Int(500 / max(first, 0.01))))
    return min(first, Measure.bestMilliseconds(repetitions: runs - 1, body))
  }

  static func ourFlatMoves(_ source: [Int], _ target: [Int]) -> Int {
    StagedChangeset(source: source, target: target).reduce(0) { $0 + $1.elementMoved.count }
  }

  static func ourSectionedMoves(
    _ source: [ArraySection<Int, Int>], _ target: [ArraySection<Int, Int>]
  ) -> Int {
    StagedChangeset(source: source, target: target).reduce(0) { $0 + $1.elementMoved.count }
  }

  static func stdlibMoves(_ source: [Int], _ target: [Int]) -> Int {
    let difference = target.difference(from: source).inferringMoves()
    return difference.removals.reduce(0) { count, change in
      if case .remove(_, _, let associated) = change, associated != nil { return count + 1 }
      return count
    }
  }
}

// MARK: - Cases

extension DiffBenchmark {
  struct Scenario {
    var name: String
    var sections: Int
    var size: Int
    var deletes: Int
    var inserts: Int
    var moves: Int
    var seed: UInt64

    var items: Int { sections * size }
    var changes: Int { deletes + inserts + moves }

    static let all = [
      Scenario(
        name: "flat 5k", sections: 1, size: 5_000, deletes: 1_000, inserts: 1_000, moves: 200,
        seed: 5),
      Scenario(
        name: "flat 100k", sections: 1, size: 100_000, deletes: 10_000, inserts: 10_000,
        moves: 2_000, seed: 100),
      Scenario(
        name: "flat 1M", sections: 1, size: 1_000_000, deletes: 100_000, inserts: 100_000,
        moves: 20_000, seed: 1_000),
      Scenario(
        name: "100 x 1k sections", sections: 100, size: 1_000, deletes: 10_000, inserts: 10_000,
        moves: 2_000, seed: 42),
    ]
  }

  struct Result {
    var ours = Double.nan
    var ourMoves = 0
    var stdlib = Double.nan
    var stdlibMoves = 0
    var skipped: String?
  }
}
