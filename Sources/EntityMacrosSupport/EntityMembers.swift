import SwiftSyntax
import SwiftSyntaxBuilder

/// The members `@Entity` adds to an entity: its table name, one attribute per column, the
/// attribute list, the version's key path and, where Codable's keys would differ from the
/// columns, `CodingKeys`.
///
/// The attributes are written as a person would write them, so a filter or sort key names
/// them the same way (`Todo.titleAttribute`), and `init(row:)` reads them in this order.
struct EntityMembers {
  let entity: EntityDeclaration

  var declarations: [DeclSyntax] {
    var members: [DeclSyntax] = [entityName]
    members += entity.properties.compactMap(attribute)
    members.append(attributes)
    if let version = entity.version {
      members.append(storeVersion(version))
    }
    if entity.needsCodingKeys && !entity.declaresCodingKeys {
      members.append(codingKeys)
    }
    return members
  }

  private var witnessAccess: String { entity.access.ofWitnesses.prefix }

  private var entityName: DeclSyntax {
    "\(raw: witnessAccess)static let entityName = \(literal: entity.tableName)"
  }

  /// The attribute of a column, or of the identifier (for filters on `id`; it is not in
  /// ``attributes``, since the store keeps `id` itself). It is as visible as its property,
  /// but never more than the type.
  private func attribute(_ property: StoredProperty) -> DeclSyntax? {
    let column: String
    switch property.role {
    case .identifier: column = "id"
    case .column(let name): column = name
    case .version, .transient: return nil
    }
    let access = min(property.access, entity.access.ofWitnesses).prefix
    return """
      \(raw: access)static let \(raw: property.attributeName) = Attribute(\(literal: column), \\Self.\(raw: property.reference), storedValue: { $0.\(raw: property.reference).storedValue })
      """
  }

  private var attributes: DeclSyntax {
    let elements = entity.columns.map { "  \($0.property.attributeName).erased,\n" }.joined()
    let list = elements.isEmpty ? "[]" : "[\n\(elements)]"
    return "\(raw: witnessAccess)static let attributes: [AnyAttribute<Self>] = \(raw: list)"
  }

  private func storeVersion(_ version: StoredProperty) -> DeclSyntax {
    """
    \(raw: witnessAccess)static var storeVersion: WritableKeyPath<Self, Version>? { \\.\(raw: version.reference) }
    """
  }

  /// Keys for Codable that name the columns: the table's rows are also read with
  /// `Decodable`, one column per key. A transient property has no key, so it keeps its
  /// initial value there too.
  private var codingKeys: DeclSyntax {
    let cases = entity.properties.compactMap { property -> String? in
      switch property.role {
      case .identifier: "  case \(property.reference)\n"
      case .version where property.name == "version": "  case \(property.reference)\n"
      case .version: "  case \(property.reference) = \"version\"\n"
      case .column(let column) where column == property.name: "  case \(property.reference)\n"
      case .column(let column): "  case \(property.reference) = \"\(column)\"\n"
      case .transient: nil
      }
    }
    return "enum CodingKeys: String, CodingKey {\n\(raw: cases.joined())}"
  }
}
