import SwiftSyntax

extension AttributeSyntax {
  /// The attribute's name without its module: `Column` for `@Persistence.Column`.
  var shortName: String? {
    if let member = attributeName.as(MemberTypeSyntax.self) {
      return member.name.text
    }
    return attributeName.as(IdentifierTypeSyntax.self)?.name.text
  }

  /// The string literal that is the attribute's only argument, if it is one: table and
  /// column names are literals so that the macro can check them.
  var literalArgument: String? {
    guard case .argumentList(let arguments) = arguments,
      arguments.count == 1, let argument = arguments.first, argument.label == nil,
      let literal = argument.expression.as(StringLiteralExprSyntax.self)
    else { return nil }
    return literal.representedLiteralValue
  }
}
