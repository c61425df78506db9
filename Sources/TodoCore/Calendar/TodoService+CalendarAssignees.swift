import Foundation
import ICalendar
import Persistence

extension TodoService {
  /// The assignees of `todos` as calendars name them, by todo, on a server with accounts;
  /// `nil` without accounts, where a client's `ATTENDEE`s are kept as they came.
  func assignees(of todos: [Todo], in tx: ReadTransaction) throws -> [UUID: CalendarAssignee]? {
    guard principal != nil else { return nil }
    var accounts: [UUID: CalendarAssignee] = [:]
    var assignees: [UUID: CalendarAssignee] = [:]
    for todo in todos {
      guard let id = todo.assigneeID else { continue }
      if accounts[id] == nil, let account = try tx.object(Account.self, id: id) {
        accounts[id] = CalendarAssignee(account)
      }
      assignees[todo.id] = accounts[id]
    }
    return assignees
  }

  /// The assignee a client's `VTODO` gives the todo on a server with accounts: the first
  /// member of `listID` its `ATTENDEE`s name, nobody when they name none, and `nil` (no
  /// change) when it has none or the server has no accounts (``CalendarAssignee``).
  func assigneeChange(
    for properties: [ContentLine], in listID: UUID, in tx: ReadTransaction
  ) throws -> UUID?? {
    let attendees = properties.filter { $0.hasName("ATTENDEE") }
    guard principal != nil, !attendees.isEmpty else { return nil }
    let members = try memberAccounts(of: listID, in: tx).map { CalendarAssignee($0.account) }
    return .some(CalendarAssignee.named(by: attendees, among: members)?.accountID)
  }
}

extension CalendarAssignee {
  /// The account as its `ATTENDEE` names it.
  init(_ account: Account) {
    let email = account.email?.trimmingCharacters(in: .whitespaces)
    self.init(
      accountID: account.id, name: account.name, email: email?.isEmpty == false ? email : nil)
  }
}
