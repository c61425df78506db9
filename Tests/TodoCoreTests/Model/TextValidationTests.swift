import Foundation
import Testing

@testable import TodoCore

@Suite("Validation: control characters")
struct TextValidationTests {
  /// The error `body` throws, or `nil` if it succeeds.
  private func error<T>(of body: () throws -> T) -> TodoError? {
    do {
      _ = try body()
      return nil
    } catch let error as TodoError {
      return error
    } catch {
      Issue.record("unexpected \(error)")
      return nil
    }
  }

  @Test(
    "NUL, C0 controls, DEL and C1 controls are refused in titles, naming the character and place",
    arguments: [
      ("a\u{0}b", "U+0000", 2), ("\u{1}x", "U+0001", 1), ("red \u{1B}[31m", "U+001B", 5),
      ("del\u{7F}", "U+007F", 4), ("next\u{85}line", "U+0085", 5), ("csi\u{9B}", "U+009B", 4),
      ("car\rriage", "U+000D", 4), ("crlf\r\n", "U+000D", 5), ("ab\u{1F}", "U+001F", 3),
    ])
  func refusedInTitles(text: String, code: String, position: Int) {
    #expect(
      error { try TodoValidation.title(text) }
        == .invalidText(
          field: "title",
          message: "contains the control character \(code) at position \(position); remove it"))
  }

  @Test("a control character at either end is refused, not trimmed away")
  func notTrimmed() {
    #expect(error { try TodoValidation.title("Milk\u{0}") }?.invalidTextField == "title")
    #expect(error { try TodoValidation.title("\u{85}Milk") }?.invalidTextField == "title")
    #expect(error { try TodoValidation.title(" \u{0} ") }?.invalidTextField == "title")
    #expect(error { try TodoValidation.notes("text\u{0}") }?.invalidTextField == "notes")
    #expect(error { try TodoValidation.notes("text\r\n") }?.invalidTextField == "notes")
    #expect(error { try TodoValidation.section("\u{0}") }?.invalidTextField == "section")
    #expect(error { try TodoValidation.listName("Work\u{0}") }?.invalidTextField == "name")
  }

  @Test("every field refuses NUL, U+0001, U+001B, U+007F, U+0085 and CR, and names itself")
  func everyField() {
    for character in ["\u{0}", "\u{1}", "\u{1B}", "\u{7F}", "\u{85}", "\r"] {
      let text = "a\(character)b"
      #expect(error { try TodoValidation.title(text) }?.invalidTextField == "title")
      #expect(error { try TodoValidation.notes(text) }?.invalidTextField == "notes")
      #expect(error { try TodoValidation.section(text) }?.invalidTextField == "section")
      #expect(error { try TodoValidation.listName(text) }?.invalidTextField == "name")
      #expect(error { try TodoValidation.query(text, field: "text") }?.invalidTextField == "text")
    }
  }

  @Test("tab and newline are allowed in notes; titles allow tab, refuse newline as before")
  func tabAndNewline() throws {
    #expect(try TodoValidation.notes("one\ttwo\nthree\n") == "one\ttwo\nthree")
    #expect(try TodoValidation.title("a\tb") == "a\tb")
    #expect(error { try TodoValidation.title("a\nb") }?.validationField == "title")
    #expect(error { try TodoValidation.listName("a\nb") }?.validationField == "name")
    #expect(error { try TodoValidation.section("a\nb") }?.validationField == "section")
    #expect(try TodoValidation.query(" a\tb\n", field: "text") == "a\tb")
  }

  @Test("characters around the control ranges are allowed")
  func boundaries() throws {
    #expect(
      try TodoValidation.title("space ~ tilde \u{A0}nbsp é 😀") == "space ~ tilde \u{A0}nbsp é 😀")
    #expect(try TodoValidation.notes("\u{2028}separator \u{200B}zero-width") != "")
  }

  @Test("length limits stay validation errors that name the field and the limit")
  func limits() {
    let title = error { try TodoValidation.title(String(repeating: "a", count: 1_001)) }
    #expect(
      title
        == .validation(field: "title", message: "a title is limited to 1000 characters (got 1001)"))
    let notes = error { try TodoValidation.notes(String(repeating: "n", count: 100_001)) }
    #expect(
      notes
        == .validation(
          field: "notes", message: "notes are limited to 100000 characters (got 100001)"))
    let name = error { try TodoValidation.listName(String(repeating: "l", count: 201)) }
    #expect(name?.description == "name: a list name is limited to 200 characters (got 201)")
    let section = error { try TodoValidation.section(String(repeating: "s", count: 201)) }
    #expect(section?.description == "section: a section is limited to 200 characters (got 201)")
  }

  @Test("the error describes itself with the field first")
  func description() {
    #expect(
      error { try TodoValidation.title("a\u{0}b") }?.description
        == "title: contains the control character U+0000 at position 2; remove it")
  }
}

extension TodoError {
  /// The field of an invalid-text error, for assertions.
  var invalidTextField: String? {
    if case .invalidText(let field, _) = self { return field }
    return nil
  }
}
