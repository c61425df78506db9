import SwiftSyntax

/// The markers on one property that tell `@Entity` what the property is to the table.
struct PropertyMarkers {
  /// `@Column("name")`: a column whose name is not the property's.
  var column: AttributeSyntax?
  /// `@Transient`: not a column.
  var transient: AttributeSyntax?
  /// `@StoreVersion`: the mirror of the store's version.
  var version: AttributeSyntax?

  init(_ attributes: AttributeListSyntax) {
    for case .attribute(let attribute) in attributes {
      switch attribute.shortName {
      case "Column": column = attribute
      case "Transient": transient = attribute
      case "StoreVersion": version = attribute
      default: continue
      }
    }
  }

  /// The markers present, with their names, in the order `@Entity` reports them.
  var all: [(name: String, attribute: AttributeSyntax)] {
    [("Column", column), ("Transient", transient), ("StoreVersion", version)].compactMap { entry in
      entry.1.map { (entry.0, $0) }
    }
  }
}
