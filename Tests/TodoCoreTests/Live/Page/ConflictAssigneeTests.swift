import Foundation
import Persistence
import Testing

@testable import TodoCore

@Suite("The conflict view names the assignee the other side set")
struct ConflictAssigneeTests {
  static let ann = UUID(uuidString: "00000000-0000-4000-8000-0000000000a1")!
  static let members = [ListMember(accountID: ann, name: "ann", role: "owner")]

  static func editor(draft: String, stored: UUID?, theirs: UUID?, sameBase: Bool)
    -> TodoEditor.State
  {
    let now = Date(timeIntervalSince1970: 1_767_225_600)
    var original = Todo(
      listID: TodoList.inboxID, title: "Milk", order: try! OrderKey.between(nil, nil),
      createdAt: now, updatedAt: now)
    original.assigneeID = stored
    original.version = 3
    var their = original
    their.assigneeID = theirs
    their.version = sameBase ? 3 : 4
    var editor = TodoEditor.State(todoID: original.id)
    editor.original = original
    editor.assignee = draft
    editor.problem = .conflict(theirs: their)
    return editor
  }

  @Test("their assignee, by name, when it differs from the draft's base")
  func named() {
    let assigned = Self.editor(draft: "", stored: nil, theirs: Self.ann, sameBase: false)
    #expect(
      LiveChrome.assigneeChange(assigned, members: Self.members)
        == .init(field: "assignee", label: "Assignee", value: "ann"))
    let unassigned = Self.editor(
      draft: Self.ann.uuidString, stored: Self.ann, theirs: nil, sameBase: false)
    #expect(LiveChrome.assigneeChange(unassigned, members: Self.members)?.value == "Nobody")
    // The same assignee on both sides: nothing to show.
    let same = Self.editor(draft: "", stored: Self.ann, theirs: Self.ann, sameBase: false)
    #expect(LiveChrome.assigneeChange(same, members: Self.members) == nil)
    // After a reload (their version is the draft's base), against the draft itself.
    let reloaded = Self.editor(
      draft: Self.ann.uuidString, stored: nil, theirs: Self.ann, sameBase: true)
    #expect(LiveChrome.assigneeChange(reloaded, members: Self.members) == nil)
  }
}
