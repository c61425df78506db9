import Foundation
import Testing

@testable import TodoCore

/// A todo's assignee over CalDAV: its `ATTENDEE`, on a server with accounts.
@Suite("CalDAV: the assignee is the ATTENDEE")
struct CalendarAssigneeTests {
  private static func vtodo(_ summary: String, _ extra: [String] = []) -> String {
    CalDAVServiceTests.vtodo(uid: "A-1", summary: summary, extra: extra)
  }

  /// The resource's text with its folded lines unfolded.
  private static func lines(_ resource: CalendarResource) -> [String] {
    resource.text.replacingOccurrences(of: "\r\n ", with: "").components(separatedBy: "\r\n")
  }

  @Test("a GET names the assignee; a PUT assigns by address, account or name; none leaves it")
  func attendee() async throws {
    try await TemporaryStore.with { service, _ in
      let ann = try await service.createAccount(named: "ann", passwordHash: "x")
      let bob = try await service.createAccount(named: "bob", passwordHash: "x")
      let asAnn = service.acting(as: Principal(ann))
      _ = try await service.acting(as: Principal(bob))
        .setOwnMail(address: "bob@example.org", digest: nil)
      let list = try await asAnn.createList(named: "Home")
      _ = try await asAnn.share(list: list.id, with: "bob", as: .editor)

      // Bob by his address, in another case, under another name.
      var (resource, _) = try await asAnn.putCalendarResource(
        in: list.id, named: "a.ics",
        text: Self.vtodo("Paint", ["ATTENDEE;CN=Robert:mailto:BOB@example.org"]))
      #expect(resource.todo.assigneeID == bob.id)
      #expect(
        Self.lines(resource).filter { $0.hasPrefix("ATTENDEE") }
          == ["ATTENDEE;CN=bob;ROLE=REQ-PARTICIPANT:mailto:bob@example.org"])

      // Sent again without any ATTENDEE, as a client that drops it does: still Bob's.
      (resource, _) = try await asAnn.putCalendarResource(
        in: list.id, named: "a.ics", text: Self.vtodo("Paint the fence"))
      #expect(resource.todo.assigneeID == bob.id)

      // Ann by her account; without an address, her account names her in the GET.
      let annURN = "urn:uuid:" + ann.id.uuidString.lowercased()
      (resource, _) = try await asAnn.putCalendarResource(
        in: list.id, named: "a.ics", text: Self.vtodo("Paint", ["ATTENDEE:" + annURN]))
      #expect(resource.todo.assigneeID == ann.id)
      #expect(
        Self.lines(resource).filter { $0.hasPrefix("ATTENDEE") }
          == ["ATTENDEE;CN=ann;ROLE=REQ-PARTICIPANT:" + annURN])

      // By name alone.
      (resource, _) = try await asAnn.putCalendarResource(
        in: list.id, named: "a.ics", text: Self.vtodo("Paint", ["ATTENDEE;CN=Bob:x-unknown:1"]))
      #expect(resource.todo.assigneeID == bob.id)

      // Assigned here: the client's line gives way to the new assignee's.
      _ = try await asAnn.updateTodo(id: resource.todo.id, TodoPatch(assigneeID: .some(ann.id)))
      resource = try await asAnn.calendarResource(in: list.id, named: "a.ics")
      #expect(
        Self.lines(resource).filter { $0.hasPrefix("ATTENDEE") }
          == ["ATTENDEE;CN=ann;ROLE=REQ-PARTICIPANT:" + annURN])

      // Only people who are no member: nobody.
      (resource, _) = try await asAnn.putCalendarResource(
        in: list.id, named: "a.ics",
        text: Self.vtodo("Paint", ["ATTENDEE;CN=Zed:mailto:zed@example.org"]))
      #expect(resource.todo.assigneeID == nil)
      #expect(!Self.lines(resource).contains { $0.hasPrefix("ATTENDEE") })
    }
  }

  @Test("an assignee's new address changes their todos' ETags and comes in the next sync")
  func assigneeChangeIsSynced() async throws {
    try await TemporaryStore.with { service, _ in
      let (_, bob, asAnn, asBob) = try await service.twoPeople()
      let list = try await asAnn.createList(named: "Home")
      _ = try await asAnn.share(list: list.id, with: "bob", as: .editor)
      let painting = try await asAnn.createTodo(NewTodo(title: "Paint", listID: list.id))
      let untouched = try await asAnn.createTodo(NewTodo(title: "Sweep", listID: list.id))
      _ = try await asAnn.updateTodo(id: painting.id, TodoPatch(assigneeID: .some(bob.id)))
      let name = "\(painting.id.uuidString.lowercased()).ics"
      let before = try await asAnn.calendarResource(in: list.id, named: name)
      let first = try await asAnn.calendarChanges(in: list.id, after: nil)

      _ = try await asBob.setOwnMail(address: "bob@example.org", digest: nil)

      let after = try await asAnn.calendarResource(in: list.id, named: name)
      #expect(after.todo.version == before.todo.version)
      #expect(after.etag != before.etag)
      #expect(
        Self.lines(after).filter { $0.hasPrefix("ATTENDEE") }
          == ["ATTENDEE;CN=bob;ROLE=REQ-PARTICIPANT:mailto:bob@example.org"])
      let changes = try await asAnn.calendarChanges(in: list.id, after: first.token)
      #expect(changes.changed.map(\.name) == [name])
      #expect(changes.changed.first?.etag == after.etag)
      #expect(!changes.changed.contains { $0.todo.id == untouched.id })
    }
  }

  @Test("without accounts, an ATTENDEE is kept as the client wrote it")
  func keptWithoutAccounts() async throws {
    try await TemporaryStore.with { service, _ in
      let line = "ATTENDEE;CN=Zed:mailto:zed@example.org"
      let (resource, _) = try await service.putCalendarResource(
        in: TodoList.inboxID, named: "b.ics", text: Self.vtodo("Paint", [line]))
      #expect(resource.todo.assigneeID == nil)
      #expect(Self.lines(resource).contains(line))
    }
  }
}
