import SwiftSyntax

/// One stored instance property of an entity and what it is to the table.
struct StoredProperty {
  /// What a property is to the table.
  enum Role: Equatable {
    /// The `id` column.
    case identifier
    /// The mirror of the store's `version` column.
    case version
    /// A column with its name.
    case column(String)
    /// Not stored: starts from its initial value.
    case transient
  }

  /// The name without backticks, from which the attribute's name is made.
  let name: String
  /// The name as written (with backticks where it needs them), for member references.
  let reference: String
  /// What it is to the table.
  let role: Role
  /// How visible it is.
  let access: AccessLevel

  /// The name of the attribute static that describes it.
  var attributeName: String { "\(name)Attribute" }

  /// Whether a declaration's binding holds a value: it has no accessors, or only observers.
  static func isStored(_ binding: PatternBindingSyntax) -> Bool {
    switch binding.accessorBlock?.accessors {
    case nil: return true
    case .getter: return false
    case .accessors(let accessors):
      return accessors.allSatisfy {
        [.keyword(.willSet), .keyword(.didSet)].contains($0.accessorSpecifier.tokenKind)
      }
    }
  }

  /// Whether `declaration` is declared `static` or `class`: a type's value, not an object's.
  static func isStatic(_ declaration: VariableDeclSyntax) -> Bool {
    declaration.modifiers.contains {
      [.keyword(.static), .keyword(.class)].contains($0.name.tokenKind)
    }
  }
}
