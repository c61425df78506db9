import Foundation
import Persistence
import Testing

@testable import TodoCore

@Suite("Account entities read from their rows what they wrote")
struct AccountRowTests {
  @Test("every field of every accounts entity round-trips through the store")
  func roundTrip() async throws {
    try await SettableClock.with { service, clock in
      let date = clock.now()
      let account = Account(
        name: "Zoë.m@x", passwordHash: "$2b$10$abcdefghijklmnopqrstuv", inboxID: UUID(),
        createdAt: date, updatedAt: date.addingTimeInterval(5))
      let token = AccessToken(
        id: UUID(),
        accountID: account.id, name: "laptop ✓", secretHash: String(repeating: "a", count: 64),
        scope: .read, createdAt: date, lastUsedAt: date.addingTimeInterval(61))
      let unused = AccessToken(
        id: UUID(),
        accountID: account.id, name: "phone", secretHash: String(repeating: "b", count: 64),
        scope: .readWrite, createdAt: date)
      let session = AccountSession(
        id: UUID(),
        accountID: account.id, secretHash: String(repeating: "c", count: 64),
        csrfToken: "csrf", createdAt: date, lastSeenAt: date.addingTimeInterval(120))
      let share = ListShare(
        id: UUID(),
        listID: TodoList.inboxID, accountID: account.id, role: .editor, updatedAt: date)
      try await service.container.write { tx in
        _ = try tx.insert(account)
        _ = try tx.insert(token)
        _ = try tx.insert(unused)
        _ = try tx.insert(session)
        _ = try tx.insert(share)
      }
      let read = try await service.container.read { tx in
        (
          try tx.object(Account.self, id: account.id),
          try tx.fetch(FetchRequest<AccessToken>(sortedBy: [AccessToken.nameAttribute.ascending])),
          try tx.object(AccountSession.self, id: session.id),
          try tx.object(ListShare.self, id: share.id)
        )
      }
      #expect(read.0 == account)
      #expect(read.1 == [token, unused])
      #expect(read.2 == session)
      #expect(read.3 == share)
    }
  }
}
