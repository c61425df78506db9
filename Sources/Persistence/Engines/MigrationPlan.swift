/// Every migration of a container's entities, in order, as statements of each engine's
/// dialect.
///
/// Applied migrations are recorded in `persistence_migrations`, one row per step, so that a
/// store written by newer code is recognised and left alone.
struct MigrationPlan: Sendable {
  struct Step: Sendable {
    let identifier: String
    /// The entity's table.
    let table: String
    let sqlite: [SchemaSQL.Statement]
    let postgres: [SchemaSQL.Statement]

    func statements(_ dialect: SQLDialect) -> [SchemaSQL.Statement] {
      switch dialect {
      case .sqlite: sqlite
      case .postgres: postgres
      }
    }
  }

  let steps: [Step]

  init(entities: [any Entity.Type]) throws {
    var steps: [Step] = []
    var identifiers: Set<String> = []
    for entity in entities {
      for step in try Self.steps(for: entity) {
        guard identifiers.insert(step.identifier).inserted else {
          throw ContainerError.invalidModel("migration \(step.identifier) is declared twice")
        }
        steps.append(step)
      }
    }
    self.steps = steps
  }

  private static func steps<Root: Entity>(for type: Root.Type) throws -> [Step] {
    try Root.migrations.map { migration in
      func statements(_ dialect: SQLDialect) throws -> [SchemaSQL.Statement] {
        try migration.changes.flatMap {
          try SchemaSQL.statements(for: $0, of: Root.self, dialect: dialect)
        }
      }
      return Step(
        identifier: "\(Root.entityName)/\(migration.identifier)", table: Root.entityName,
        sqlite: try statements(.sqlite), postgres: try statements(.postgres))
    }
  }

  /// The identifiers among `applied` that this code does not know.
  func unknown(among applied: [String]) -> [String] {
    let known = Set(steps.map(\.identifier))
    return applied.filter { !known.contains($0) }.sorted()
  }

  /// The refusal of a store that applied migrations this code does not know, or `nil`.
  func refusal(applied: [String], location: String) -> ContainerError? {
    let unknown = unknown(among: applied)
    guard !unknown.isEmpty else { return nil }
    return .schemaTooNew(
      path: location, storeVersion: applied.count, supportedVersion: steps.count,
      unknownMigrations: unknown)
  }

  /// The table that records applied migrations.
  static let createSQL = """
    CREATE TABLE IF NOT EXISTS persistence_migrations (
      identifier TEXT NOT NULL PRIMARY KEY, position INTEGER NOT NULL)
    """
}
