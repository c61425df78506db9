import Composable
import Foundation
import Testing

@testable import TodoCore

@Suite("LivePage feature: control characters in events")
struct LivePageTextTests {
  /// The page action of a JSON event, decoded as the server decodes it.
  static func action(_ json: String) throws -> LivePage.Action {
    try #require(try LiveEvent(json: Data(json.utf8)).action)
  }

  @Test("an add event with NUL or an escape is refused with the field named, nothing stored")
  func add() async throws {
    try await LivePageFixture.with { fixture in
      let store = fixture.page()
      try await fixture.appear(store)
      let before = store.state
      let nul = try Self.action(#"{"v":1,"type":"add","title":"a\u0000b"}"#)
      #expect(nul == .add("a\u{0}b"))
      await store.send(nul) {
        $0.problem = "title: contains the control character U+0000 at position 2; remove it"
      }
      #expect(
        PageSnapshot(store.state).chrome.problem
          == "title: contains the control character U+0000 at position 2; remove it")
      await store.send(.add("\u{1B}[2J")) {
        $0.problem = "title: contains the control character U+001B at position 1; remove it"
      }
      await store.send(.add("\u{85}")) {
        $0.problem = "title: contains the control character U+0085 at position 1; remove it"
      }
      #expect(try await fixture.service.todos(inList: TodoList.inboxID).isEmpty)
      #expect(sent(before, store.state).stages.isEmpty)
      await fixture.disappear(store) { $0.problem = nil }
    }
  }

  @Test("a saveEdit event with a control character in any field is refused in the sheet")
  func rename() async throws {
    try await LivePageFixture.with { fixture in
      let todo = try await fixture.service.createTodo(NewTodo(title: "Milk", notes: "2 l"))
      let store = fixture.page()
      try await fixture.appear(store)
      await LivePageEditTests.begin(store, todo)
      let rename = try Self.action(
        #"{"v":1,"type":"saveEdit","title":"Oat\u0000milk","status":"notStarted"}"#)
      await store.send(rename) {
        $0.editor?.problem = EditorProblem(
          message: "title: contains the control character U+0000 at position 4; remove it")
      }
      let sheet = try #require(PageSnapshot(store.state).chrome.editor)
      #expect(sheet.title == "Milk")
      #expect(sheet.problem?.hasPrefix("title: ") == true)
      await store.send(
        .saveEdit(LivePage.EditFields(title: "Oat milk", notes: "bell\u{7}", section: "ok"))
      ) {
        $0.editor?.problem = EditorProblem(
          message: "notes: contains the control character U+0007 at position 5; remove it")
      }
      await store.send(.saveEdit(LivePage.EditFields(title: "Oat milk", section: "\u{9F}"))) {
        $0.editor?.problem = EditorProblem(
          message: "section: contains the control character U+009F at position 1; remove it")
      }
      #expect(try await fixture.service.todo(id: todo.id) == todo)
      await store.send(.cancelEdit)
      await store.receive(.editor(.cancel)) { $0.editor = nil }
      await fixture.disappear(store)
    }
  }

  @Test("a search event with a control character is refused and the filter kept")
  func search() async throws {
    try await LivePageFixture.with { fixture in
      let store = fixture.page()
      try await fixture.appear(store)
      await store.send(.search("milk")) { $0.search = "milk" }
      await store.send(try Self.action(#"{"v":1,"type":"search","text":"mi\u0001"}"#)) {
        $0.problem = "text: contains the control character U+0001 at position 3; remove it"
      }
      #expect(store.state.search == "milk")
      await fixture.disappear(store) { $0.problem = nil }
    }
  }
}
