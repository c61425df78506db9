import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder

/// A change that a fix-it of an ``EntityDiagnostic`` proposes.
enum EntityFixIt: FixItMessage {
  case replaceWithStruct(kind: String)
  case insertTableName(String)
  case insertIdentifier
  case useUUID
  case useVar
  case useVersion
  case markTransient
  case markStoreVersion

  var message: String {
    switch self {
    case .replaceWithStruct(let kind): "replace '\(kind)' with 'struct'"
    case .insertTableName(let name): "name the table \"\(name)\""
    case .insertIdentifier: "add 'var id = UUID()'"
    case .useUUID: "make 'id' a UUID"
    case .useVar: "replace 'let' with 'var'"
    case .useVersion: "make it a Version"
    case .markTransient: "mark it @Transient"
    case .markStoreVersion: "mark it @StoreVersion"
    }
  }

  var fixItID: MessageID {
    MessageID(domain: "EntityMacros", id: "\(self)".prefix { $0 != "(" }.description)
  }
}

extension FixIt {
  /// Replaces `class` or `actor` with `struct`, and drops the modifiers a struct cannot have
  /// (`final`, `open`).
  static func replaceWithStruct(_ keyword: TokenSyntax, modifiers: DeclModifierListSyntax) -> FixIt
  {
    let dropped: Set<TokenKind> = [.keyword(.final), .keyword(.open)]
    let kept = modifiers.filter { !dropped.contains($0.name.tokenKind) }
    var structKeyword = keyword.with(\.tokenKind, .keyword(.struct))
    var changes: [FixIt.Change] = []
    if kept.count != modifiers.count {
      var kept = kept
      // The first modifier's trivia (the line break after the attribute) stays in place.
      if let first = modifiers.first, dropped.contains(first.name.tokenKind) {
        if kept.isEmpty {
          structKeyword.leadingTrivia = first.leadingTrivia
        } else {
          kept[kept.startIndex].leadingTrivia = first.leadingTrivia
        }
      }
      changes.append(.replace(oldNode: Syntax(modifiers), newNode: Syntax(kept)))
    }
    changes.append(.replace(oldNode: Syntax(keyword), newNode: Syntax(structKeyword)))
    return FixIt(message: EntityFixIt.replaceWithStruct(kind: keyword.text), changes: changes)
  }

  /// Gives `@Entity` the table name `name`.
  static func insertTableName(_ name: String, into attribute: AttributeSyntax) -> FixIt {
    let trailing = attribute.trailingTrivia
    let named = attribute.with(\.trailingTrivia, [])
      .with(\.leftParen, .leftParenToken())
      .with(
        \.arguments,
        .argumentList([LabeledExprSyntax(expression: StringLiteralExprSyntax(content: name))])
      )
      .with(\.rightParen, .rightParenToken(trailingTrivia: trailing))
    return FixIt(
      message: EntityFixIt.insertTableName(name),
      changes: [.replace(oldNode: Syntax(attribute), newNode: Syntax(named))])
  }

  /// Adds `var id = UUID()` as the struct's first member.
  static func insertIdentifier(into block: MemberBlockSyntax, access: AccessLevel) -> FixIt {
    let leading = block.members.first?.leadingTrivia.pieces ?? []
    let indentation = Trivia(
      pieces: leading.reversed().prefix { piece in
        switch piece {
        case .spaces, .tabs: true
        default: false
        }
      }.reversed())
    let identifier = MemberBlockItemSyntax(
      leadingTrivia: .newline + (indentation.isEmpty ? .spaces(2) : indentation),
      decl: DeclSyntax("\(raw: access.prefix)var id = UUID()"))
    var members = block.members
    members.insert(identifier, at: members.startIndex)
    return FixIt(
      message: EntityFixIt.insertIdentifier,
      changes: [.replace(oldNode: Syntax(block.members), newNode: Syntax(members))])
  }

  /// Replaces a property's type with `name`.
  static func replaceType(_ type: TypeSyntax, with name: String, _ message: EntityFixIt) -> FixIt {
    let replacement = TypeSyntax(IdentifierTypeSyntax(name: .identifier(name)))
      .with(\.leadingTrivia, type.leadingTrivia).with(\.trailingTrivia, type.trailingTrivia)
    return FixIt(
      message: message, changes: [.replace(oldNode: Syntax(type), newNode: Syntax(replacement))])
  }

  /// Replaces `let` with `var`.
  static func useVar(_ specifier: TokenSyntax) -> FixIt {
    FixIt(
      message: EntityFixIt.useVar,
      changes: [
        .replace(
          oldNode: Syntax(specifier), newNode: Syntax(specifier.with(\.tokenKind, .keyword(.var))))
      ])
  }

  /// Puts the marker `@name` before the property.
  static func mark(_ variable: VariableDeclSyntax, _ name: String) -> FixIt {
    var marked = variable.with(\.leadingTrivia, [])
    let marker = AttributeSyntax(
      attributeName: IdentifierTypeSyntax(name: .identifier(name)), trailingTrivia: .space)
    marked.attributes.insert(.attribute(marker), at: marked.attributes.startIndex)
    marked.leadingTrivia = variable.leadingTrivia
    return FixIt(
      message: name == "StoreVersion" ? EntityFixIt.markStoreVersion : EntityFixIt.markTransient,
      changes: [.replace(oldNode: Syntax(variable), newNode: Syntax(marked))])
  }
}
