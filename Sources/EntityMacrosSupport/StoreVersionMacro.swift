import SwiftSyntaxMacros

/// `@StoreVersion`: the property mirrors the store's version of the object
/// (`Entity.storeVersion`).
///
/// It is not named `Version` because Persistence, which declares the markers, has a type of
/// that name: the property's type.
public enum StoreVersionMacro: PropertyMarker {
  public static let name = "StoreVersion"
}
