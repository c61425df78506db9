import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// What the property markers share: they add nothing (`@Entity` reads them), and they report
/// being put where they have no meaning, which `@Entity` would silently ignore.
public protocol PropertyMarker: PeerMacro {
  /// The marker's name, as written after `@`.
  static var name: String { get }
}

extension PropertyMarker {
  public static func expansion(
    of node: AttributeSyntax,
    providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    guard let variable = declaration.as(VariableDeclSyntax.self),
      !StoredProperty.isStatic(variable),
      variable.bindings.contains(where: StoredProperty.isStored)
    else {
      context.diagnose(
        Diagnostic(node: node, message: EntityDiagnostic.markerNotOnStoredProperty(marker: name)))
      return []
    }
    let isInEntity =
      context.lexicalContext.first?.as(StructDeclSyntax.self)?.attributes.contains {
        guard case .attribute(let attribute) = $0 else { return false }
        return attribute.shortName == "Entity"
      } ?? false
    if !isInEntity {
      context.diagnose(
        Diagnostic(node: node, message: EntityDiagnostic.markerOutsideEntity(marker: name)))
    }
    return []
  }
}
