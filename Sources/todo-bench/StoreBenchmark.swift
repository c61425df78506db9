import ArgumentParser
import Composable

/// `todo-bench store`: the cost of an action through a `Store`, and of an idle store.
///
/// Prints a table, then `summary: action_us=… scoped_action_us=… idle_store_kb=…`.
/// Targets: under 2 µs per trivial action, under 4 KB per idle store.
struct StoreBenchmark: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "store",
    abstract: "Actions per second through a Store, and memory of idle stores."
  )

  @Option(help: "Actions sent per measured run.")
  var actions = 1_000_000

  @Option(help: "Measured runs per scenario; the fastest is reported.")
  var repetitions = 5

  @Option(help: "Idle stores kept alive for the memory measurement.")
  var stores = 10_000

  func validate() throws {
    guard actions > 0, repetitions > 0, stores > 0 else {
      throw ValidationError("--actions, --repetitions and --stores must be positive.")
    }
  }

  func run() async throws {
    var timing = Table(
      "scenario", "actions", "best wall ms", "wall µs/action", "CPU µs/action", "actions/s")
    func add(_ name: String, _ run: Run) -> Double {
      let wallMicroseconds = run.wallMilliseconds * 1_000 / Double(actions)
      timing.append(
        name, "\(actions)", Format.fixed(run.wallMilliseconds, 1),
        Format.fixed(wallMicroseconds, 3),
        Format.fixed(run.cpuMilliseconds * 1_000 / Double(actions), 3),
        "\(Int((Double(actions) / run.wallMilliseconds * 1_000).rounded()))"
      )
      return wallMicroseconds
    }

    // Memory first, while the allocator has no freed blocks to hand back out.
    let bare = measureIdleStores(observed: false)
    let observed = measureIdleStores(observed: true)

    _ = add("baseline: Tally through `any Reducer`, no store", measureDirect())
    let actionUS = add("Store, trivial reducer", measureStore(observed: false))
    _ = add("Store, trivial reducer, one observer", measureStore(observed: true))
    let scopedUS = add("Store, three-level Scope", measureScoped())

    var memory = Table("idle stores", "count", "resident KB/store")
    memory.append("created", "\(stores)", Format.fixed(bare, 3))
    memory.append("created, observed, one action processed", "\(stores)", Format.fixed(observed, 3))

    print(timing.rendered)
    print()
    print(memory.rendered)
    print()
    print("targets: < 2 µs per trivial action, < 4 KB per idle store (observed)")
    print(
      Format.summary([
        "action_us": Format.fixed(actionUS, 3),
        "scoped_action_us": Format.fixed(scopedUS, 3),
        "idle_store_kb": Format.fixed(observed, 3),
      ])
    )
  }

  // MARK: - Timing

  /// The fastest of `repetitions` runs, by wall clock, with the thread CPU time of that run.
  struct Run {
    var wallMilliseconds = Double.infinity
    var cpuMilliseconds = Double.nan
  }

  private func best(_ body: () -> Void) -> Run {
    var best = Run()
    for _ in 0..<repetitions {
      let cpuBefore = ThreadCPUTime.milliseconds
      let wall = Measure.milliseconds(body)
      let cpuAfter = ThreadCPUTime.milliseconds
      if wall < best.wallMilliseconds {
        best.wallMilliseconds = wall
        if let cpuBefore, let cpuAfter { best.cpuMilliseconds = cpuAfter - cpuBefore }
      }
    }
    return best
  }

  private func measureDirect() -> Run {
    let reducer: any Reducer<Int, Tally.Action> = Tally()
    var state = 0
    let run = best {
      for _ in 0..<actions {
        _ = reducer.reduce(into: &state, action: .increment)
      }
    }
    precondition(state == actions * repetitions, "the baseline lost actions")
    return run
  }

  private func measureStore(observed: Bool) -> Run {
    let store = Store(initialState: 0) { Tally() }
    let observation = observed ? store.observe { _ in } : nil
    let run = best {
      for _ in 0..<actions {
        store.send(.increment)
      }
    }
    withExtendedLifetime(observation) {}
    precondition(store.state == actions * repetitions, "the store lost actions")
    return run
  }

  private func measureScoped() -> Run {
    let store = Store(initialState: ScopedTally.State()) { ScopedTally() }
    let run = best {
      for _ in 0..<actions {
        store.send(ScopedTally.increment)
      }
    }
    precondition(
      store.state.middle.inner.count == actions * repetitions, "the scoped store lost actions")
    return run
  }

  // MARK: - Memory

  /// Keeps `stores` stores alive and divides the growth of resident memory among them.
  private func measureIdleStores(observed: Bool) -> Double {
    var kept: [Store<Int, Tally.Action>] = []
    var observations: [StoreObservation] = []
    kept.reserveCapacity(stores)
    if observed { observations.reserveCapacity(stores) }
    let before = ResidentMemory.bytes
    for _ in 0..<stores {
      let store = Store(initialState: 0) { Tally() }
      if observed {
        observations.append(store.observe { _ in })
        store.send(.increment)
      }
      kept.append(store)
    }
    let after = ResidentMemory.bytes
    withExtendedLifetime((kept, observations)) {}
    guard let before, let after else { return .nan }
    return Double(after - before) / Double(stores) / 1_024
  }
}
