import Testing

@testable import TerminalUI

@Suite("Dialogs and forms: keys and text")
struct DialogFormTests {
  @Test("a dialog's arrows move the focus within its buttons; Enter presses, Escape cancels")
  func dialogKeys() {
    var dialog = Dialog(title: "Delete?", message: "", buttons: ["Delete", "Cancel"])
    #expect(dialog.handle(.left) == nil && dialog.focusedButton == 0)
    #expect(dialog.handle(.tab) == nil && dialog.focusedButton == 1)
    #expect(dialog.handle(.right) == nil && dialog.focusedButton == 1)
    #expect(dialog.handle(.character("x")) == nil)
    #expect(dialog.handle(.enter) == .pressed(1))
    #expect(dialog.handle(.escape) == .cancelled)
  }

  @Test("the help screen lists keys in two aligned columns")
  func help() {
    let help = Dialog.help([KeyHint("↑↓", "move"), KeyHint("q", "quit")])
    #expect(help.message == "↑↓  move\nq   quit")
    #expect(help.buttons == ["Close"])
  }

  @Test("a message wraps at spaces, Japanese anywhere, and keeps its line breaks")
  func wrapping() {
    #expect(Wrapping.lines(of: "one two three", width: 7) == ["one two", "three"])
    #expect(Wrapping.lines(of: "東京都千代田区", width: 6) == ["東京都", "千代田", "区"])
    #expect(Wrapping.lines(of: "a\n\nb", width: 5) == ["a", "", "b"])
    #expect(Wrapping.lines(of: "abcdefgh", width: 3) == ["abc", "def", "gh"])
    #expect(Wrapping.lines(of: "東", width: 1) == ["東"])
  }

  @Test("a form edits its focused field, cycles a choice, and moves the focus in order")
  func formKeys() {
    var form = Form(
      title: "Edit",
      fields: [
        .text("Title", "Milk"),
        .choice("Status", options: ["Undone", "Started", "Done"], selected: 0),
      ])
    #expect(form.handle(.home) == nil)
    #expect(form.handle(.character("牛")) == nil)
    #expect(form.fields[0].text == "牛Milk")
    #expect(form.handle(.down) == nil && form.focus == .field(1))
    _ = form.handle(.left)
    #expect(form.fields[1].selectedIndex == 2)
    _ = form.handle(.character(" "))
    #expect(form.fields[1].selectedIndex == 0)
    #expect(form.handle(.tab) == nil && form.focus == .button(0))
    #expect(form.handle(.right) == nil && form.focus == .button(1))
    #expect(form.handle(.enter) == .pressed(1))
    #expect(form.handle(.tab) == nil && form.focus == .field(0))
    #expect(form.handle(.backTab) == nil && form.focus == .button(1))
    #expect(form.handle(.up) == nil && form.focus == .button(0))
    _ = form.handle(.backTab)
    #expect(form.handle(.enter) == .pressed(0))
    #expect(form.handle(.escape) == .cancelled)
    #expect(form.fields[0].text == "牛Milk" && form.fields[1].selectedIndex == 0)
  }
}
