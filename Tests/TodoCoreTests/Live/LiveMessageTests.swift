import Diffable
import Foundation
import Testing

@testable import TodoCore

@Suite("Live protocol: events and messages")
struct LiveMessageTests {
  static func event(_ json: String) throws(LiveProtocolError) -> LiveEvent {
    try LiveEvent(json: Data(json.utf8))
  }

  @Test("every event type decodes to its action")
  func events() throws {
    let id = UUID()
    let other = UUID()
    let cases: [(String, LiveEvent)] = [
      (#"{"v":1,"type":"add","title":" x "}"#, .page(.list(.add(" x ")))),
      (#"{"v":1,"type":"toggle","id":"\#(id)"}"#, .page(.list(.toggle(id)))),
      (
        #"{"v":1,"type":"setStatus","id":"\#(id)","status":"inProgress"}"#,
        .page(.list(.setStatus(id, .inProgress)))
      ),
      (#"{"v":1,"type":"beginEdit","id":"\#(id)"}"#, .page(.editor(.beginEdit(id)))),
      (
        #"{"v":1,"type":"saveEdit","title":"T","notes":"N","deadline":"2026-01-02","status":"done","section":"S"}"#,
        .page(
          .editor(
            .saveEdit(
              PageEditor.Fields(
                title: "T", notes: "N", deadline: "2026-01-02", status: .done, section: "S"))))
      ),
      (#"{"v":1,"type":"cancelEdit"}"#, .page(.editor(.cancelEdit))),
      (
        #"{"v":1,"type":"keepMine","title":"T","status":"inProgress"}"#,
        .page(.editor(.keepMine(PageEditor.Fields(title: "T", status: .inProgress))))
      ),
      (#"{"v":1,"type":"useTheirs"}"#, .page(.editor(.useTheirs))),
      (#"{"v":1,"type":"typeNew","text":"Milk friday"}"#, .page(.list(.typeNew("Milk friday")))),
      (#"{"v":1,"type":"dismissQuickDeadline"}"#, .page(.list(.dismissQuickDeadline))),
      (
        #"{"v":1,"type":"setTimeZone","zone":"Europe/Paris"}"#,
        .page(.setTimeZone("Europe/Paris"))
      ),
      (#"{"v":1,"type":"createList","name":"Food"}"#, .page(.sidebar(.createList("Food")))),
      (
        #"{"v":1,"type":"renameList","id":"\#(id)","name":"Food"}"#,
        .page(.sidebar(.renameList(id, "Food")))
      ),
      (#"{"v":1,"type":"requestDeleteList","id":"\#(id)"}"#, .page(.trash(.requestDeleteList(id)))),
      (#"{"v":1,"type":"confirmDeleteList"}"#, .page(.trash(.confirmDeleteList))),
      (#"{"v":1,"type":"cancelDeleteList"}"#, .page(.trash(.cancelDeleteList))),
      (
        #"{"v":1,"type":"moveList","id":"\#(id)","after":"\#(id)"}"#,
        .page(.sidebar(.moveList(id, .after(id))))
      ),
      (#"{"v":1,"type":"confirmClear"}"#, .page(.trash(.confirmClear))),
      (#"{"v":1,"type":"cancelClear"}"#, .page(.trash(.cancelClear))),
      (
        #"{"v":1,"type":"restoreEdit","id":"\#(id)","version":3,"title":"T","status":"done"}"#,
        .page(.editor(.restoreEdit(id, version: 3, PageEditor.Fields(title: "T", status: .done))))
      ),
      (#"{"v":1,"type":"requestDelete","id":"\#(id)"}"#, .page(.trash(.requestDelete(id)))),
      (#"{"v":1,"type":"confirmDelete"}"#, .page(.trash(.confirmDelete))),
      (#"{"v":1,"type":"cancelDelete"}"#, .page(.trash(.cancelDelete))),
      (#"{"v":1,"type":"undo"}"#, .page(.trash(.undo))),
      (#"{"v":1,"type":"dismissToast"}"#, .page(.trash(.dismissToast))),
      (
        #"{"v":1,"type":"move","id":"\#(id)","before":"\#(other)"}"#,
        .page(.list(.move(id, .before(other))))
      ),
      (
        #"{"v":1,"type":"move","id":"\#(id)","after":"\#(other)"}"#,
        .page(.list(.move(id, .after(other))))
      ),
      (#"{"v":1,"type":"search","text":"milk"}"#, .page(.search(.setText("milk")))),
      (
        #"{"v":1,"type":"setExpanded","id":"group:done","expanded":false}"#,
        .page(.list(.setExpanded("group:done", false)))
      ),
      (#"{"v":1,"type":"chooseList","id":"\#(id)"}"#, .page(.sidebar(.chooseList(id)))),
      (#"{"v":1,"type":"chooseView","view":"today"}"#, .page(.sidebar(.chooseView(.today)))),
      (#"{"v":1,"type":"chooseView","view":"upcoming"}"#, .page(.sidebar(.chooseView(.upcoming)))),
      (#"{"v":1,"type":"chooseView","view":"overdue"}"#, .page(.sidebar(.chooseView(.overdue)))),
      (
        #"{"v":1,"type":"chooseFilter","filter":"completed"}"#,
        .page(.list(.chooseFilter(.completed)))
      ),
      (#"{"v":1,"type":"chooseLayout","layout":"outline"}"#, .page(.list(.chooseLayout(.outline)))),
      (#"{"v":1,"type":"sortByDeadline","on":true}"#, .page(.list(.sortByDeadline(true)))),
      (#"{"v":1,"type":"showRows","rows":600}"#, .page(.list(.showRows(600)))),
      (#"{"v":1,"type":"clearCompleted"}"#, .page(.trash(.clearCompleted))),
      (#"{"v":1,"type":"resync"}"#, .resync),
    ]
    for (json, expected) in cases { #expect(try Self.event(json) == expected, "\(json)") }
  }

  @Test("malformed, unversioned, unknown and invalid messages are typed errors")
  func errors() {
    let cases: [(String, String)] = [
      ("not json", "malformed"),
      ("[1,2]", "malformed"),
      (#"{"type":"undo"}"#, "malformed"),
      (#"{"v":2,"type":"undo"}"#, "unsupportedVersion"),
      (#"{"v":1,"type":"explode"}"#, "unknownType"),
      (#"{"v":1}"#, "invalidField"),
      (#"{"v":1,"type":"toggle","id":"nope"}"#, "invalidField"),
      (#"{"v":1,"type":"toggle"}"#, "invalidField"),
      (#"{"v":1,"type":"add","title":5}"#, "invalidField"),
      (#"{"v":1,"type":"typeNew"}"#, "invalidField"),
      (#"{"v":1,"type":"createList","name":["x"]}"#, "invalidField"),
      (#"{"v":1,"type":"renameList","id":"nope","name":"x"}"#, "invalidField"),
      (#"{"v":1,"type":"requestDeleteList"}"#, "invalidField"),
      (
        #"{"v":1,"type":"restoreEdit","id":"5F0E2AE8-40B0-4E4C-9E51-3C2A5B1A7A10","version":"3","title":"T","status":"done"}"#,
        "invalidField"
      ),
      (
        #"{"v":1,"type":"restoreEdit","id":"5F0E2AE8-40B0-4E4C-9E51-3C2A5B1A7A10","version":-1,"title":"T","status":"done"}"#,
        "invalidField"
      ),
      (#"{"v":1,"type":"saveEdit","status":"done"}"#, "invalidField"),
      (#"{"v":1,"type":"saveEdit","title":5,"status":"done"}"#, "invalidField"),
      (#"{"v":1,"type":"saveEdit","title":"T","status":"done","notes":["x"]}"#, "invalidField"),
      (#"{"v":1,"type":"keepMine","title":"T","status":"finished"}"#, "invalidField"),
      (#"{"v":1,"type":"chooseFilter","filter":"some"}"#, "invalidField"),
      (#"{"v":1,"type":"chooseView","view":"yesterday"}"#, "invalidField"),
      (#"{"v":1,"type":"chooseView","view":1}"#, "invalidField"),
      (#"{"v":1,"type":"chooseView"}"#, "invalidField"),
      (#"{"v":1,"type":"move","id":"\#(UUID())"}"#, "invalidField"),
    ]
    for (json, code) in cases {
      #expect(throws: LiveProtocolError.self, "\(json)") { try Self.event(json) }
      do {
        _ = try Self.event(json)
      } catch {
        #expect(error.code == code, "\(json): \(error)")
        guard case .error(let sentCode, let message) = error.message else {
          Issue.record("not an error message")
          continue
        }
        #expect(sentCode == code && !message.isEmpty)
      }
    }
  }

  @Test("an error names the field and says what is wrong with it")
  func errorMessages() {
    let id = "5F0E2AE8-40B0-4E4C-9E51-3C2A5B1A7A10"
    let cases: [(String, String)] = [
      ("not json", "malformed message: the message is not valid JSON"),
      ("[1,2]", "malformed message: a message must be a JSON object"),
      (#"{"type":"undo"}"#, #"malformed message: the message has no version "v""#),
      (#"{"v":"1","type":"undo"}"#, #"malformed message: the message has no version "v""#),
      (
        #"{"v":2,"type":"undo"}"#,
        "unsupported message version 2; this server speaks version 1"
      ),
      (#"{"v":1,"type":"explode"}"#, #"unknown event type "explode""#),
      (#"{"v":1}"#, #"field "type": missing"#),
      (#"{"v":1,"type":7}"#, #"field "type": must be a string"#),
      (#"{"v":1,"type":"toggle"}"#, #"field "id": missing"#),
      (#"{"v":1,"type":"toggle","id":"nope"}"#, #"field "id": must be a UUID"#),
      (#"{"v":1,"type":"toggle","id":5}"#, #"field "id": must be a string"#),
      (#"{"v":1,"type":"add","title":5}"#, #"field "title": must be a string"#),
      (#"{"v":1,"type":"add","title":null}"#, #"field "title": must be a string"#),
      (
        #"{"v":1,"type":"saveEdit","title":"T","notes":null,"status":"done"}"#,
        #"field "notes": must be a string"#
      ),
      (#"{"v":1,"type":"sortByDeadline","on":"yes"}"#, #"field "on": must be true or false"#),
      (
        #"{"v":1,"type":"showRows","rows":0}"#,
        #"field "rows": must be a whole number from 1 to 1000000"#
      ),
      (
        #"{"v":1,"type":"showRows","rows":1000001}"#,
        #"field "rows": must be a whole number from 1 to 1000000"#
      ),
      (
        #"{"v":1,"type":"chooseFilter","filter":"some"}"#,
        #"field "filter": must be one of all, active, completed"#
      ),
      (
        #"{"v":1,"type":"setStatus","id":"\#(id)","status":"finished"}"#,
        #"field "status": must be one of notStarted, inProgress, done"#
      ),
      (#"{"v":1,"type":"chooseView","view":1}"#, #"field "view": must be a string"#),
      (
        #"{"v":1,"type":"restoreEdit","id":"\#(id)","version":-1,"title":"T","status":"done"}"#,
        #"field "version": must be a whole number"#
      ),
      (
        #"{"v":1,"type":"restoreEdit","id":"\#(id)","version":"3","title":"T","status":"done"}"#,
        #"field "version": must be a whole number"#
      ),
      (
        #"{"v":1,"type":"move","id":"\#(id)"}"#,
        #"field "before": a move needs "before" or "after""#
      ),
      (#"{"v":1,"type":"move","id":"\#(id)","after":"x"}"#, #"field "after": must be a UUID"#),
    ]
    for (json, description) in cases {
      do {
        _ = try Self.event(json)
        Issue.record("\(json) decoded")
      } catch {
        #expect(error.description == description, "\(json)")
      }
    }
  }

  /// A plain page of `count` todos.
  static func page(_ count: Int, changing changed: Int? = nil) -> PageSnapshot {
    var page = PageSnapshot()
    let ids = (0..<count).map { String(format: "00000000-0000-4000-8000-%012d", $0) }
    try? page.items.appendSections(["main"])
    try? page.items.appendItems(ids, toSection: "main")
    for (index, id) in ids.enumerated() {
      page.cells[id] = LiveCell(
        title: index == changed ? "Changed title" : "Todo number \(index)", detail: "2026/01/02",
        status: .notStarted)
    }
    page.chrome.loaded = true
    return page
  }

  @Test("a one-item change costs the same bytes in a list of 10 or 10,000")
  func sizeIndependentOfList() throws {
    var sizes: [Int] = []
    for count in [10, 10_000] {
      let changes = LiveChanges(
        from: Self.page(count), to: Self.page(count, changing: 5), revision: 2)
      #expect(changes.stages.flatMap(\.itemUpdated).count == 1)
      sizes.append(try LiveMessage.changes(changes).encoded().count)
    }
    #expect(sizes[0] == sizes[1])
    #expect(sizes[0] < 1_024)
  }

  @Test("changes are encoded with the version, the revision and only non-empty lists")
  func encoding() throws {
    let changes = LiveChanges(from: Self.page(3), to: Self.page(3, changing: 1), revision: 7)
    let json = String(decoding: try LiveMessage.changes(changes).encoded(), as: UTF8.self)
    #expect(
      json
        == #"{"cells":{"00000000-0000-4000-8000-000000000001":{"detail":"2026\/01\/02","kind":"todo","level":0,"overdue":false,"status":"notStarted","title":"Changed title"}},"rev":7,"stages":[{"itemUpdated":[[0,1,"00000000-0000-4000-8000-000000000001"]]}],"type":"changes","v":1}"#
        .replacingOccurrences(of: #"\/"#, with: "/"))
    let error = String(
      decoding: try LiveMessage.error(code: "x", message: "y").encoded(), as: UTF8.self)
    #expect(error == #"{"code":"x","message":"y","type":"error","v":1}"#)
  }
}
