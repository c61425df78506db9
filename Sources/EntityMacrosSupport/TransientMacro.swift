import SwiftSyntaxMacros

/// `@Transient`: the property is not a column; it starts from its initial value.
public enum TransientMacro: PropertyMarker {
  public static let name = "Transient"
}
