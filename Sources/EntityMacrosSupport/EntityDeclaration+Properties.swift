import SwiftDiagnostics
import SwiftSyntax

extension EntityDeclaration {
  /// Reads one member: a stored instance property becomes a ``StoredProperty``; anything
  /// else is left alone, except a `CodingKeys` of the struct's own and properties hidden
  /// in `#if`.
  mutating func read(_ member: DeclSyntax) {
    if let variable = member.as(VariableDeclSyntax.self) {
      read(variable)
    } else if let nested = member.as(EnumDeclSyntax.self), nested.name.text == "CodingKeys" {
      declaresCodingKeys = true
    } else if let nested = member.as(TypeAliasDeclSyntax.self), nested.name.text == "CodingKeys" {
      declaresCodingKeys = true
    } else if let conditional = member.as(IfConfigDeclSyntax.self) {
      readConditional(conditional)
    }
  }

  private mutating func readConditional(_ conditional: IfConfigDeclSyntax) {
    for clause in conditional.clauses {
      guard case .decls(let members) = clause.elements else { continue }
      for member in members {
        if let variable = member.decl.as(VariableDeclSyntax.self),
          !StoredProperty.isStatic(variable),
          let binding = variable.bindings.first(where: StoredProperty.isStored)
        {
          diagnose(binding.pattern, .conditionalProperty)
        } else if let nested = member.decl.as(IfConfigDeclSyntax.self) {
          readConditional(nested)
        }
      }
    }
  }

  private mutating func read(_ variable: VariableDeclSyntax) {
    // Markers on static and computed properties are reported by the markers themselves.
    guard !StoredProperty.isStatic(variable) else { return }
    var markers = PropertyMarkers(variable.attributes)
    let stored = variable.bindings.filter(StoredProperty.isStored)
    if stored.count > 1, let column = markers.column {
      diagnose(column, .markerOnMultipleBindings(marker: "Column"))
      markers.column = nil
    }
    for binding in stored {
      guard let pattern = binding.pattern.as(IdentifierPatternSyntax.self) else {
        diagnose(binding.pattern, .tuplePattern)
        continue
      }
      if let role = role(of: binding, named: pattern.identifier, in: variable, markers: markers) {
        properties.append(
          StoredProperty(
            name: pattern.identifier.identifier?.name ?? pattern.identifier.text,
            reference: pattern.identifier.text, role: role, access: AccessLevel(variable.modifiers))
        )
      }
    }
  }

  /// What the property is to the table, checking what that role asks of it; `nil` when it
  /// cannot be stored at all.
  private mutating func role(
    of binding: PatternBindingSyntax, named identifier: TokenSyntax,
    in variable: VariableDeclSyntax, markers: PropertyMarkers
  ) -> StoredProperty.Role? {
    let name = identifier.identifier?.name ?? identifier.text
    let isLet = variable.bindingSpecifier.tokenKind == .keyword(.let)
    if name == "id" {
      for (marker, attribute) in markers.all {
        diagnose(attribute, .identifierMarked(marker: marker))
      }
      if let type = binding.typeAnnotation?.type, !Self.isNamed(type, ["UUID", "Foundation.UUID"]) {
        diagnose(type, .identifierNotUUID, fixIts: [.replaceType(type, with: "UUID", .useUUID)])
      }
      checkDecodable(binding, named: name, in: variable)
      return .identifier
    }
    if let transient = markers.transient {
      for (marker, attribute) in markers.all where marker != "Transient" {
        diagnose(attribute, .conflictingMarkers("Transient", marker))
      }
      // An optional `var` starts as nil without saying so.
      let isOptionalVar = !isLet && binding.typeAnnotation.map { Self.isOptional($0.type) } == true
      if binding.initializer == nil && !isOptionalVar {
        diagnose(transient, .transientWithoutInitialValue(property: name))
      }
      return .transient
    }
    if variable.modifiers.contains(where: { $0.name.tokenKind == .keyword(.lazy) }) {
      diagnose(identifier, .lazyColumn(property: name), fixIts: [.mark(variable, "Transient")])
      return nil
    }
    if let version = markers.version {
      if let column = markers.column {
        diagnose(column, .conflictingMarkers("StoreVersion", "Column"))
      }
      if self.version != nil {
        diagnose(version, .duplicateVersion(property: name))
      }
      if isLet {
        diagnose(
          variable.bindingSpecifier, .versionNotVar(property: name),
          fixIts: [.useVar(variable.bindingSpecifier)])
      }
      if let type = binding.typeAnnotation?.type,
        !Self.isNamed(type, ["Version", "Persistence.Version"])
      {
        diagnose(
          type, .versionNotVersion(property: name),
          fixIts: [.replaceType(type, with: "Version", .useVersion)])
      }
      return .version
    }
    checkDecodable(binding, named: name, in: variable)
    return .column(columnName(of: name, at: identifier, in: variable, markers: markers))
  }

  /// The column's name, checked: valid, not one the store keeps itself, not taken.
  private mutating func columnName(
    of name: String, at identifier: TokenSyntax, in variable: VariableDeclSyntax,
    markers: PropertyMarkers
  ) -> String {
    var column = name
    if let attribute = markers.column {
      guard let literal = attribute.literalArgument else {
        diagnose(attribute, .columnNameNotALiteral)
        return name
      }
      column = literal
      if !StoreName.isValidColumn(column) {
        diagnose(attribute, .invalidColumnName(column))
      }
    }
    if column == "version" {
      let fixIts = markers.column == nil ? [FixIt.mark(variable, "StoreVersion")] : []
      diagnose(identifier, .columnNamedVersion(property: name), fixIts: fixIts)
    } else if column == "id", let attribute = markers.column {
      diagnose(attribute, .columnNamedID(property: name))
    } else if columns.contains(where: { $0.column == column }) {
      diagnose(identifier, .duplicateColumn(name: column, property: name))
    }
    return column
  }

  /// Reports a `let` with an initial value: `init(row:)` could not assign it.
  private mutating func checkDecodable(
    _ binding: PatternBindingSyntax, named name: String, in variable: VariableDeclSyntax
  ) {
    guard variable.bindingSpecifier.tokenKind == .keyword(.let), binding.initializer != nil
    else { return }
    diagnose(
      variable.bindingSpecifier, .letWithInitialValue(property: name),
      fixIts: [.useVar(variable.bindingSpecifier)])
  }

  private static func isNamed(_ type: TypeSyntax, _ names: [String]) -> Bool {
    names.contains(type.trimmedDescription)
  }

  private static func isOptional(_ type: TypeSyntax) -> Bool {
    if type.is(OptionalTypeSyntax.self) || type.is(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
      return true
    }
    let name = type.as(IdentifierTypeSyntax.self)?.name.text
    return name == "Optional" && type.as(IdentifierTypeSyntax.self)?.genericArgumentClause != nil
  }
}
