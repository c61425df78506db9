import Foundation
import Synchronization

/// A run whose entity is erased, as the registry keeps it.
protocol AnyObservationRun: AnyObject, Sendable {
  func stop()
}

/// The running observations of a container, one per distinct request.
final class ObservationRegistry: Sendable {
  private let runs = Mutex<[String: any AnyObservationRun]>([:])

  /// Joins the observation of `request`, starting it if none runs; its values go to `sink`.
  func join<Root: Entity>(
    _ request: FetchRequest<Root>, pacing: ObservationPacing, core: ContainerCore,
    sink: ObservationSink<Root>
  ) -> ObservationSubscription {
    let key =
      Self.key(request, core: core) + "|frame:\(pacing.frame)|share:\(pacing.deliveryShare)"
    let (run, id) = runs.withLock { runs in
      let run: ObservationRun<Root>
      if let existing = runs[key] as? ObservationRun<Root> {
        run = existing
      } else {
        run = ObservationRun(core: core, request: request, pacing: pacing)
        run.start { [weak self] ended in self?.remove(key, ended) }
        runs[key] = run
      }
      return (run, run.join(sink))
    }
    return ObservationSubscription { [weak self] in
      self?.leave(key, run: run, id: id)
    }
  }

  /// The number of running observations.
  var count: Int { runs.withLock { $0.count } }

  private func leave<Root: Entity>(_ key: String, run: ObservationRun<Root>, id: Int) {
    let stopped = runs.withLock { runs -> Bool in
      guard run.leave(id) else { return false }
      if runs[key] === run { runs[key] = nil }
      return true
    }
    if stopped { run.stop() }
  }

  private func remove(_ key: String, _ ended: any AnyObservationRun) {
    runs.withLock { runs in
      if runs[key] === ended { runs[key] = nil }
    }
  }

  /// Requests that compile to the same query (and section key) share one observation.
  private static func key<Root: Entity>(_ request: FetchRequest<Root>, core: ContainerCore)
    -> String
  {
    let table = core.engine.tables[ObjectIdentifier(Root.self)]
    guard let table else { return "\(Root.entityName)#\(UUID())" }
    let query = SelectQuery(request, table: table, limit: request.limit, offset: request.offset)
    var key = "\(Root.entityName)|\(query.sql)|\(request.sectionKey?.name ?? "")"
    for argument in query.arguments { key += "|" + keyText(argument) }
    return key
  }

  /// An argument's full value as text: two requests share an observation only if every
  /// argument is equal (a blob's description would name its size only).
  private static func keyText(_ value: StoredValue) -> String {
    switch value {
    case .null: "n"
    case .integer(let integer): "i\(integer)"
    case .real(let real): "r\(real.bitPattern)"
    case .text(let text): "t\(text.utf8.count):\(text)"
    case .blob(let data): "b" + data.map { String($0, radix: 16) }.joined(separator: ".")
    }
  }
}
