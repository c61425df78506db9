import SwiftSyntaxMacros

/// `@Column("name")`: the property is the column `name` rather than a column named after it.
public enum ColumnMacro: PropertyMarker {
  public static let name = "Column"
}
