import SwiftSyntax
import SwiftSyntaxBuilder

/// The `init(row:)` that `@Entity` writes: the identifier, then each property in declaration
/// order, each read with the same call a person would write.
///
/// Attributes are read in declaration order because that is the order of the columns a
/// fetch selects: `StoredRow` finds each one with a single comparison. The version is read
/// by position and a transient property keeps its initial value, so neither moves that
/// cursor. It goes in an extension, not in the struct, so that the struct keeps its
/// memberwise initializer.
struct RowInitializer {
  let entity: EntityDeclaration

  var declaration: DeclSyntax {
    let assignments = entity.properties.compactMap { property -> String? in
      switch property.role {
      case .identifier: "  self.\(property.reference) = try row.id\n"
      case .version: "  self.\(property.reference) = try row.version\n"
      case .column: "  self.\(property.reference) = try row[Self.\(property.attributeName)]\n"
      case .transient: nil
      }
    }
    return """
      \(raw: entity.access.ofWitnesses.prefix)init(row: StoredRow<Self>) throws {
      \(raw: assignments.joined())}
      """
  }
}
