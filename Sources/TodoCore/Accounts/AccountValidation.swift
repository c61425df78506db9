import Foundation

/// The rules for account names, passwords and token names, applied before anything is stored.
public enum AccountValidation {
  /// The shortest password accepted.
  public static let minimumPasswordLength = 10
  /// The longest password accepted (it is hashed before bcrypt, which reads 72 bytes).
  public static let maximumPasswordLength = 1_000

  /// A trimmed account name: 1 to 64 letters, digits, `.`, `_`, `-` or `@`, starting with a
  /// letter or a digit (so that it is a plain segment of a URL path). It is what a
  /// person types to sign in and what a calendar app sends as the HTTP Basic user name, so
  /// it has no spaces and no `:`.
  ///
  /// - Throws: `TodoError.validation(field: "name", …)`.
  public static func name(_ text: String) throws -> String {
    let name = text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !name.isEmpty else {
      throw TodoError.validation(field: "name", message: "a user name cannot be empty")
    }
    guard name.count <= 64 else {
      throw TodoError.validation(field: "name", message: "a user name has at most 64 characters")
    }
    let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "._-@"))
    guard name.unicodeScalars.allSatisfy({ allowed.contains($0) }),
      let first = name.unicodeScalars.first, CharacterSet.alphanumerics.contains(first)
    else {
      throw TodoError.validation(
        field: "name",
        message:
          "a user name has only letters, digits, '.', '_', '-' and '@', and starts with a "
          + "letter or a digit")
    }
    return name
  }

  /// Checks a new password: at least ``minimumPasswordLength`` characters, not one of the
  /// passwords people use most, and not the user name.
  ///
  /// - Throws: `TodoError.validation(field: "password", …)` saying what to change.
  public static func newPassword(_ password: String, name: String) throws {
    guard password.count >= minimumPasswordLength else {
      throw TodoError.validation(
        field: "password",
        message: "a password has at least \(minimumPasswordLength) characters")
    }
    guard password.count <= maximumPasswordLength else {
      throw TodoError.validation(
        field: "password", message: "a password has at most \(maximumPasswordLength) characters")
    }
    let lowered = password.lowercased()
    if CommonPasswords.contains(lowered) {
      throw TodoError.validation(
        field: "password", message: "this password is one of the most common ones; choose another")
    }
    if lowered.contains(name.lowercased()) {
      throw TodoError.validation(
        field: "password", message: "a password cannot contain the user name")
    }
  }

  /// A trimmed token name: 1 to 100 characters, no control characters.
  ///
  /// - Throws: `TodoError.validation` or `TodoError.invalidText` (field `name`).
  public static func tokenName(_ text: String) throws -> String {
    let name = try TodoValidation.query(text, field: "name")
    guard !name.isEmpty else {
      throw TodoError.validation(field: "name", message: "a token needs a name")
    }
    guard name.count <= 100 else {
      throw TodoError.validation(field: "name", message: "a token name has at most 100 characters")
    }
    return name
  }
}
