import Foundation
import Persistence

extension TodoService {
  /// Keeps `zone` as the signed-in person's time zone (``Account/timeZone``), for when no
  /// page of theirs is open; a zone the account has already is not written again. Nothing
  /// happens for a service without a principal.
  public func rememberTimeZone(_ zone: TimeZone) async throws {
    guard let accountID = principal?.accountID, principal?.mayWrite == true else { return }
    let identifier = zone.identifier
    try await write { tx in
      guard var account = try tx.object(Account.self, id: accountID),
        account.timeZone != identifier
      else { return }
      account.timeZone = identifier
      try tx.update(account)
    }
  }
}
