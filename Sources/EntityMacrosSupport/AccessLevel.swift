import SwiftSyntax

/// How visible a declaration is, from least to most: what the generated members copy from the
/// type and its properties.
enum AccessLevel: Int, Comparable {
  case `private`
  case `fileprivate`
  case `internal`
  case `package`
  case `public`
  case `open`

  /// The level the modifiers spell; `internal` when none does. A setter's level
  /// (`private(set)`) is not the declaration's.
  init(_ modifiers: DeclModifierListSyntax) {
    self = .internal
    for modifier in modifiers where modifier.detail == nil {
      switch modifier.name.tokenKind {
      case .keyword(.private): self = .private
      case .keyword(.fileprivate): self = .fileprivate
      case .keyword(.internal): self = .internal
      case .keyword(.package): self = .package
      case .keyword(.public): self = .public
      case .keyword(.open): self = .open
      default: continue
      }
      return
    }
  }

  /// The level of the members a type of this level declares for its protocol conformances:
  /// a public type's witnesses are public; inside a private type, no modifier is needed
  /// (members cannot be more visible than the type anyway).
  var ofWitnesses: AccessLevel {
    switch self {
    case .private, .fileprivate, .internal: .internal
    case .package: .package
    case .public, .open: .public
    }
  }

  /// The modifier to write, followed by a space; empty for `internal`, the default.
  var prefix: String {
    switch self {
    case .internal: ""
    case .open: "public "
    default: "\(self) "
    }
  }

  static func < (lhs: AccessLevel, rhs: AccessLevel) -> Bool {
    lhs.rawValue < rhs.rawValue
  }
}
