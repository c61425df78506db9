import Testing

@testable import TodoCore

@Suite("Validation")
struct ValidationTests {
  private func field<T>(of body: () throws -> T) -> String? {
    do {
      _ = try body()
      return nil
    } catch let TodoError.validation(field, _) {
      return field
    } catch {
      return "unexpected \(error)"
    }
  }

  @Test("titles are trimmed")
  func trimsTitles() throws {
    #expect(try TodoValidation.title("  Buy milk \n") == "Buy milk")
  }

  @Test("empty, blank, multi-line and over-long titles are refused")
  func refusesTitles() {
    #expect(field { try TodoValidation.title("") } == "title")
    #expect(field { try TodoValidation.title(" \t\n ") } == "title")
    #expect(field { try TodoValidation.title("one\ntwo") } == "title")
    #expect(field { try TodoValidation.title(String(repeating: "a", count: 1_001)) } == "title")
    #expect(field { try TodoValidation.title(String(repeating: "é", count: 1_000)) } == nil)
  }

  @Test("notes keep their text, lose trailing space, and are limited to 100,000 characters")
  func notes() throws {
    #expect(try TodoValidation.notes("  indented\nline  \n") == "  indented\nline")
    #expect(field { try TodoValidation.notes(String(repeating: "x", count: 100_001)) } == "notes")
    #expect(field { try TodoValidation.notes(String(repeating: "x", count: 100_000)) } == nil)
  }

  @Test("blank sections mean no section; names are trimmed and limited")
  func sectionsAndNames() throws {
    #expect(try TodoValidation.section("   ") == nil)
    #expect(try TodoValidation.section(nil) == nil)
    #expect(try TodoValidation.section(" Fruit ") == "Fruit")
    #expect(field { try TodoValidation.section(String(repeating: "s", count: 201)) } == "section")
    #expect(try TodoValidation.listName(" Groceries ") == "Groceries")
    #expect(field { try TodoValidation.listName("") } == "name")
  }

  @Test("statuses parse from their raw values only")
  func statuses() throws {
    #expect(try TodoStatus(parsing: " inProgress ") == .inProgress)
    #expect(field { try TodoStatus(parsing: "finished") } == "status")
    #expect(field { try TodoStatus(parsing: "Done") } == "status")
  }

  @Test("errors describe themselves for people")
  func descriptions() {
    #expect(
      TodoError.validation(field: "title", message: "a title cannot be empty").description
        == "title: a title cannot be empty")
    #expect(TodoError.notFound(entity: "list", id: "x").description == "no list x")
  }
}
