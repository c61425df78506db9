import Foundation
import Testing

@testable import TodoCore

/// What the server mails: each person's address and digest choice, the digest's todos, and a
/// digest claimed once a day whichever server asks.
@Suite("Mail: addresses, digests")
struct MailTests {
  @Test("an address is checked; the digest lists today's and overdue todos of the person")
  func addressesAndDigest() async throws {
    try await SettableClock.with { service, clock in
      let account = try await service.createAccount(named: "ann", passwordHash: "x")
      await #expect(throws: TodoError.self) {
        try await service.setMail(forUser: "ann", address: "not an address", digest: true)
      }
      try await service.setMail(forUser: "ann", address: "ann@example.org", digest: true)
      #expect(try await service.digestRecipients().map(\.address) == ["ann@example.org"])

      let ann = service.acting(as: Principal(account))
      let today = try Deadline(year: 2026, month: 1, day: 1)
      let yesterday = try Deadline(year: 2025, month: 12, day: 31)
      _ = try await ann.createTodo(
        NewTodo(title: "Today's", listID: account.inboxID, deadline: today))
      _ = try await ann.createTodo(
        NewTodo(title: "Late", listID: account.inboxID, deadline: yesterday))
      let bob = try await service.createAccount(named: "bob", passwordHash: "x")
      _ = try await service.acting(as: Principal(bob)).createTodo(
        NewTodo(title: "Someone else's", listID: bob.inboxID, deadline: today))
      let contents = try await ann.digestContents(at: clock.now(), in: TimeZone(identifier: "UTC")!)
      #expect(contents.today.map(\.title) == ["Today's"])
      #expect(contents.overdue.map(\.title) == ["Late"])
    }
  }

  @Test("a day's digest is claimed once, across services on one store")
  func claimedOnce() async throws {
    let store = try TemporaryStore()
    defer { store.remove() }
    let one = try await TodoService.open(store.location)
    defer { try? one.close() }
    let two = try await TodoService.open(store.location)
    defer { try? two.close() }
    let claims = try await withThrowingTaskGroup(of: Bool.self) { group in
      for service in [one, two, one, two] {
        group.addTask { try await service.claimDigest(for: nil, day: "2026-11-28") }
      }
      var won = 0
      for try await claimed in group where claimed { won += 1 }
      return won
    }
    #expect(claims == 1)
    #expect(try await one.claimDigest(for: nil, day: "2026-11-29"))
  }
}
