import Foundation
import Testing
import TodoCore

@testable import todo

/// How failures become exit statuses and messages, for both backends.
@Suite("todo exit statuses")
struct ExitStatusTests {
  @Test("domain errors map to 1 (invalid), 2 (not found) and 3 (conflict)")
  func domainErrors() {
    let invalid = CLIError(TodoError.validation(field: "title", message: "a title cannot be empty"))
    #expect(invalid.status == .invalid)
    #expect(invalid.message == "title: a title cannot be empty")
    #expect(CLIError(TodoError.invalidImport("bad")).status == .invalid)
    #expect(CLIError(TodoError.notFound(entity: "todo", id: "x")).status == .notFound)
    let conflict = CLIError(TodoError.versionConflict(id: UUID(), current: 4))
    #expect(conflict.status == .conflict)
    #expect(conflict.message.contains("version 4"))
    #expect(CLIError(CocoaError(.fileReadCorruptFile)).status == .unavailable)
  }

  @Test("HTTP problems map to the same statuses, with the server's detail as the message")
  func problems() {
    let body = Data(
      #"{"type":"urn:todo:problem:version-conflict","title":"Version conflict","status":409,"detail":"todo x was changed by someone else"}"#
        .utf8)
    let conflict = RemoteBackend.failure(status: 409, body: body)
    #expect(conflict.status == .conflict)
    #expect(conflict.message == "todo x was changed by someone else")
    #expect(RemoteBackend.failure(status: 404, body: Data()).status == .notFound)
    for status in [400, 413, 415, 422] {
      #expect(RemoteBackend.failure(status: status, body: Data()).status == .invalid)
    }
    let failed = RemoteBackend.failure(status: 500, body: Data("oops".utf8))
    #expect(failed.status == .unavailable)
    #expect(failed.message == "the server failed (HTTP 500): the server answered HTTP 500")
  }

  @Test("N is a number below 8 digits, a full UUID, or a hexadecimal prefix of 8 or more")
  func references() {
    #expect(TodoReference(argument: "3") == .number(3))
    #expect(TodoReference(argument: "1234567") == .number(1_234_567))
    #expect(TodoReference(argument: "12345678") == .prefix("12345678"))
    #expect(TodoReference(argument: "ABCDEF01") == .prefix("abcdef01"))
    let id = UUID()
    #expect(TodoReference(argument: id.uuidString) == .id(id))
    for bad in ["0", "-2", "abc", "abcdefg", "xyzxyzxyz", ""] {
      #expect(TodoReference(argument: bad) == nil, "\(bad)")
    }
  }

  @Test("the numbers file keeps the last listing and rejects numbers it did not show")
  func listingNumbers() throws {
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("numbers-\(UUID().uuidString)/n.json")
    defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
    #expect(try ListingNumbers.load(from: file) == nil)
    let ids = [UUID(), UUID()]
    try ListingNumbers(source: "ls", ids: ids).save(to: file)
    let loaded = try #require(try ListingNumbers.load(from: file))
    #expect(try loaded.id(for: 2) == ids[1])
    #expect(throws: CLIError.self) { try loaded.id(for: 3) }
    #expect(throws: CLIError.self) { try ListingNumbers(source: "ls", ids: []).id(for: 1) }
  }
}
