import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@Entity("table")`: makes a struct an entity of the store from its stored properties.
public enum EntityMacro: EntityMacroExpansion {}

/// What `@Entity` does, for the type the compiler plugin declares and for ``EntityMacro``,
/// which the expansion tests use.
///
/// The member role adds the table name, the attributes and the version's key path; the
/// extension role adds the conformances and `init(row:)`. Both read the declaration the same
/// way; only the member role reports mistakes, so that each is reported once.
public protocol EntityMacroExpansion: MemberMacro, ExtensionMacro {}

extension EntityMacroExpansion {
  public static func expansion(
    of node: AttributeSyntax,
    providingMembersOf declaration: some DeclGroupSyntax,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    let entity = EntityDeclaration(attribute: node, declaration: declaration)
    for diagnostic in entity.diagnostics {
      context.diagnose(diagnostic)
    }
    guard entity.isExpandable else { return [] }
    return EntityMembers(entity: entity).declarations
  }

  public static func expansion(
    of node: AttributeSyntax,
    attachedTo declaration: some DeclGroupSyntax,
    providingExtensionsOf type: some TypeSyntaxProtocol,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [ExtensionDeclSyntax] {
    let entity = EntityDeclaration(attribute: node, declaration: declaration)
    guard entity.isExpandable else { return [] }
    // The compiler leaves out the conformances the type already has; a test expansion does
    // not know them, so those the declaration names are left out here too.
    let declared = Set(
      declaration.inheritanceClause?.inheritedTypes.map { lastComponent(of: $0.type) } ?? [])
    let missing = protocols.filter { !declared.contains(lastComponent(of: $0)) }
    let clause =
      missing.isEmpty ? "" : ": " + missing.map(\.trimmedDescription).joined(separator: ", ")
    let extensionDecl: DeclSyntax = """
      extension \(type.trimmed)\(raw: clause) {
      \(RowInitializer(entity: entity).declaration)
      }
      """
    return [extensionDecl.cast(ExtensionDeclSyntax.self)]
  }

  /// `Entity` for both `Entity` and `Persistence.Entity`.
  private static func lastComponent(of type: some TypeSyntaxProtocol) -> String {
    if let member = type.as(MemberTypeSyntax.self) {
      return member.name.text
    }
    return type.trimmedDescription
  }
}
