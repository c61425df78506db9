import EntityMacrosSupport
import SwiftCompilerPlugin
import SwiftSyntaxMacros

/// The compiler plugin that provides `@Entity` and its property markers.
///
/// The compiler asks for each macro by this module's name (`EntityMacros.EntityMacro`), so
/// the types it is given are declared here; what they do is in `EntityMacrosSupport`, where
/// the expansion tests reach it.
///
/// An incremental build does not know which files a change of the expansion affects: after
/// one, touch the files that use `@Entity` (or build clean) before trusting a test run.
@main
struct EntityPlugin: CompilerPlugin {
  let providingMacros: [any Macro.Type] = [
    EntityMacro.self, ColumnMacro.self, TransientMacro.self, StoreVersionMacro.self,
  ]
}

/// `@Entity("table")` (``EntityMacrosSupport/EntityMacroExpansion``).
public enum EntityMacro: EntityMacroExpansion {}

/// `@Column("name")` (``EntityMacrosSupport/ColumnMacro``).
public enum ColumnMacro: PropertyMarker {
  public static let name = EntityMacrosSupport.ColumnMacro.name
}

/// `@Transient` (``EntityMacrosSupport/TransientMacro``).
public enum TransientMacro: PropertyMarker {
  public static let name = EntityMacrosSupport.TransientMacro.name
}

/// `@StoreVersion` (``EntityMacrosSupport/StoreVersionMacro``).
public enum StoreVersionMacro: PropertyMarker {
  public static let name = EntityMacrosSupport.StoreVersionMacro.name
}
