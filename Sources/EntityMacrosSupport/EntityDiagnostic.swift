import SwiftDiagnostics

/// A mistake in an entity declaration that `@Entity` or a property marker reports.
///
/// Each message says what is wrong and why the store needs it otherwise, so that the fix is
/// clear without reading the macro.
enum EntityDiagnostic: DiagnosticMessage {
  case notAStruct(kind: String)
  case missingTableName(proposed: String)
  case tableNameNotALiteral
  case invalidTableName(String)
  case missingIdentifier
  case identifierNotUUID
  case identifierMarked(marker: String)
  case letWithInitialValue(property: String)
  case transientWithoutInitialValue(property: String)
  case lazyColumn(property: String)
  case versionNotVar(property: String)
  case versionNotVersion(property: String)
  case duplicateVersion(property: String)
  case columnNamedVersion(property: String)
  case columnNamedID(property: String)
  case duplicateColumn(name: String, property: String)
  case columnNameNotALiteral
  case invalidColumnName(String)
  case conflictingMarkers(String, String)
  case markerOnMultipleBindings(marker: String)
  case tuplePattern
  case conditionalProperty
  case markerNotOnStoredProperty(marker: String)
  case markerOutsideEntity(marker: String)

  var message: String {
    switch self {
    case .notAStruct(let kind):
      "@Entity applies to a struct, not to \(kind): an entity is a value that the store copies"
    case .missingTableName(let proposed):
      "@Entity needs the table name, such as @Entity(\"\(proposed)\"): it is part of the stored "
        + "schema, so renaming the type must not rename the table"
    case .tableNameNotALiteral:
      "the table name must be a string literal: it is read when the macro expands"
    case .invalidTableName(let name):
      "'\(name)' is not a table name: use letters, digits and '_', not starting with a digit "
        + "or with 'persistence_'"
    case .missingIdentifier:
      "an entity needs a stored property 'id: UUID': the store identifies objects by it"
    case .identifierNotUUID:
      "'id' must be a UUID: the store's 'id' column holds UUIDs"
    case .identifierMarked(let marker):
      "'id' is the store's identifier column; @\(marker) does not apply to it"
    case .letWithInitialValue(let property):
      "'\(property)' is a 'let' with an initial value, so no row can set it: make it a 'var' "
        + "to store it, or mark it @Transient to keep it out of the table"
    case .transientWithoutInitialValue(let property):
      "@Transient property '\(property)' needs an initial value: a row does not hold it, so "
        + "init(row:) starts it from that value"
    case .lazyColumn(let property):
      "lazy property '\(property)' cannot be a column: mark it @Transient"
    case .versionNotVar(let property):
      "@StoreVersion property '\(property)' must be a 'var': the store sets it after every write"
    case .versionNotVersion(let property):
      "@StoreVersion property '\(property)' must be a Version: it mirrors the store's version"
    case .duplicateVersion(let property):
      "only one property can mirror the store's version; '\(property)' is the second "
        + "@StoreVersion"
    case .columnNamedVersion(let property):
      "'\(property)' would be a column named 'version', which the store keeps itself: mark it "
        + "@StoreVersion to mirror the store's version"
    case .columnNamedID(let property):
      "'\(property)' would be a column named 'id', which is the identifier's"
    case .duplicateColumn(let name, let property):
      "'\(property)' would be a second column named '\(name)'"
    case .columnNameNotALiteral:
      "the column name must be a string literal: it is read when the macro expands"
    case .invalidColumnName(let name):
      "'\(name)' is not a column name: use letters, digits and '_', not starting with a digit"
    case .conflictingMarkers(let first, let second):
      "@\(first) and @\(second) contradict each other on one property"
    case .markerOnMultipleBindings(let marker):
      "@\(marker) names one column; declare each property on its own line"
    case .tuplePattern:
      "@Entity cannot store a tuple pattern; declare each property on its own line"
    case .conditionalProperty:
      "@Entity cannot see stored properties inside '#if'; declare them unconditionally"
    case .markerNotOnStoredProperty(let marker):
      "@\(marker) applies to a stored instance property of an @Entity struct"
    case .markerOutsideEntity(let marker):
      "@\(marker) only has a meaning inside an @Entity struct"
    }
  }

  var severity: DiagnosticSeverity { .error }

  var diagnosticID: MessageID {
    MessageID(domain: "EntityMacros", id: "\(self)".prefix { $0 != "(" }.description)
  }
}
