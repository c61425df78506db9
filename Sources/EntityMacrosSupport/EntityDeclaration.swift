import SwiftDiagnostics
import SwiftSyntax

/// What `@Entity` reads from the declaration it is attached to: the table, the stored
/// properties in declaration order, and the mistakes it found.
///
/// Reading never stops at the first mistake, so one expansion reports them all.
struct EntityDeclaration {
  /// The struct's name as written.
  var typeName = ""
  /// How visible the struct is.
  var access = AccessLevel.internal
  /// The table name; proposed from the type's name when it is missing (and diagnosed).
  var tableName = ""
  /// Every stored instance property, in declaration order.
  var properties: [StoredProperty] = []
  /// Whether the struct declares its own `CodingKeys`.
  var declaresCodingKeys = false
  /// The mistakes, in source order.
  var diagnostics: [Diagnostic] = []
  /// Whether members can be generated: it is a struct with an identifier.
  var isExpandable = false

  init(attribute: AttributeSyntax, declaration: some DeclGroupSyntax) {
    guard let structDecl = declaration.as(StructDeclSyntax.self) else {
      diagnoseNotAStruct(declaration)
      return
    }
    typeName = structDecl.name.trimmed.text
    access = AccessLevel(structDecl.modifiers)
    readTableName(attribute)
    for member in structDecl.memberBlock.members {
      read(member.decl)
    }
    if !properties.contains(where: { $0.role == .identifier }) {
      diagnose(
        structDecl.name, .missingIdentifier,
        fixIts: [.insertIdentifier(into: structDecl.memberBlock, access: access.ofWitnesses)])
      return
    }
    isExpandable = true
  }

  /// The columns other than `id`, in declaration order: what `attributes` lists.
  var columns: [(property: StoredProperty, column: String)] {
    properties.compactMap { property in
      guard case .column(let column) = property.role else { return nil }
      return (property, column)
    }
  }

  /// The property that mirrors the store's version, if one is marked.
  var version: StoredProperty? {
    properties.first { $0.role == .version }
  }

  /// Whether Codable's synthesized keys would differ from the columns: a column named
  /// otherwise than its property, a version property not named `version`, or a property
  /// the table does not hold.
  var needsCodingKeys: Bool {
    properties.contains { property in
      switch property.role {
      case .identifier: false
      case .version: property.name != "version"
      case .column(let column): column != property.name
      case .transient: true
      }
    }
  }

  mutating func diagnose(
    _ node: some SyntaxProtocol, _ message: EntityDiagnostic, fixIts: [FixIt] = []
  ) {
    diagnostics.append(Diagnostic(node: node, message: message, fixIts: fixIts))
  }

  // MARK: - The declaration

  private mutating func diagnoseNotAStruct(_ declaration: some DeclGroupSyntax) {
    if let classDecl = declaration.as(ClassDeclSyntax.self) {
      diagnose(
        classDecl.classKeyword, .notAStruct(kind: "a class"),
        fixIts: [.replaceWithStruct(classDecl.classKeyword, modifiers: classDecl.modifiers)])
    } else if let actorDecl = declaration.as(ActorDeclSyntax.self) {
      diagnose(
        actorDecl.actorKeyword, .notAStruct(kind: "an actor"),
        fixIts: [.replaceWithStruct(actorDecl.actorKeyword, modifiers: actorDecl.modifiers)])
    } else if let enumDecl = declaration.as(EnumDeclSyntax.self) {
      diagnose(enumDecl.enumKeyword, .notAStruct(kind: "an enum"))
    } else if let protocolDecl = declaration.as(ProtocolDeclSyntax.self) {
      diagnose(protocolDecl.protocolKeyword, .notAStruct(kind: "a protocol"))
    } else if let extensionDecl = declaration.as(ExtensionDeclSyntax.self) {
      diagnose(extensionDecl.extensionKeyword, .notAStruct(kind: "an extension"))
    } else {
      diagnose(declaration, .notAStruct(kind: "this declaration"))
    }
  }

  private mutating func readTableName(_ attribute: AttributeSyntax) {
    let arguments: LabeledExprListSyntax
    if case .argumentList(let list) = attribute.arguments {
      arguments = list
    } else {
      arguments = []
    }
    guard let argument = arguments.first else {
      tableName = StoreName.table(forType: typeName)
      diagnose(
        attribute, .missingTableName(proposed: tableName),
        fixIts: [.insertTableName(tableName, into: attribute)])
      return
    }
    guard let name = attribute.literalArgument else {
      diagnose(argument, .tableNameNotALiteral)
      tableName = StoreName.table(forType: typeName)
      return
    }
    tableName = name
    if !StoreName.isValidTable(name) {
      diagnose(argument, .invalidTableName(name))
    }
  }
}
