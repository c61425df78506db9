import Foundation

/// The rules for what users type, shared by the server, the command line and the live page.
///
/// Each function returns the value as it is stored (trimmed) or throws
/// `TodoError.validation` with a message meant for a person.
///
/// ```swift
/// try TodoValidation.title("  Buy milk ")  // "Buy milk"
/// try TodoValidation.title("")             // throws: a title cannot be empty
/// ```
public enum TodoValidation {
  /// The longest title, in characters.
  public static let maximumTitleLength = 1_000
  /// The longest notes, in characters.
  public static let maximumNotesLength = 100_000
  /// The longest list name or section heading, in characters.
  public static let maximumNameLength = 200

  /// A todo title: trimmed, not empty, at most 1,000 characters, on one line.
  ///
  /// - Throws: `TodoError.validation(field: "title", …)`.
  public static func title(_ text: String) throws -> String {
    try name(text, field: "title", what: "a title", limit: maximumTitleLength)
  }

  /// A list name: trimmed, not empty, at most 200 characters, on one line.
  ///
  /// - Throws: `TodoError.validation(field: "name", …)`.
  public static func listName(_ text: String) throws -> String {
    try name(text, field: "name", what: "a list name", limit: maximumNameLength)
  }

  /// Notes: kept as typed (only trailing white space removed), at most 100,000 characters.
  ///
  /// - Throws: `TodoError.validation(field: "notes", …)`.
  public static func notes(_ text: String) throws -> String {
    var notes = Substring(text)
    while let last = notes.last, last.isWhitespace { notes.removeLast() }
    guard notes.count <= maximumNotesLength else {
      throw TodoError.validation(
        field: "notes", message: "notes are limited to \(maximumNotesLength) characters")
    }
    return String(notes)
  }

  /// A section heading: trimmed; empty means no section. At most 200 characters.
  ///
  /// - Throws: `TodoError.validation(field: "section", …)`.
  public static func section(_ text: String?) throws -> String? {
    guard let text else { return nil }
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    if trimmed.isEmpty { return nil }
    return try name(trimmed, field: "section", what: "a section", limit: maximumNameLength)
  }

  private static func name(_ text: String, field: String, what: String, limit: Int) throws
    -> String
  {
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !trimmed.isEmpty else {
      throw TodoError.validation(field: field, message: "\(what) cannot be empty")
    }
    guard trimmed.count <= limit else {
      throw TodoError.validation(
        field: field, message: "\(what) is limited to \(limit) characters (got \(trimmed.count))")
    }
    guard !trimmed.contains(where: \.isNewline) else {
      throw TodoError.validation(field: field, message: "\(what) must fit on one line")
    }
    return trimmed
  }
}
