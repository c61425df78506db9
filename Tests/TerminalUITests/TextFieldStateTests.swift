import Testing

@testable import TerminalUI

@Suite("Text field state: line editing by characters, drawn by columns")
struct TextFieldStateTests {
  @Test("typing inserts at the cursor; Backspace and Delete remove around it")
  func insertAndDelete() {
    var field = TextFieldState()
    for key in "milk".map(Key.character) { field.handle(key) }
    #expect(field.text == "milk" && field.cursor == 4)
    field.handle(.home)
    for key in "Buy ".map(Key.character) { field.handle(key) }
    #expect(field.text == "Buy milk" && field.cursor == 4)
    field.handle(.backspace)
    #expect(field.text == "Buymilk" && field.cursor == 3)
    field.handle(.delete)
    #expect(field.text == "Buyilk" && field.cursor == 3)
    field.handle(.end)
    field.handle(.delete)
    #expect(field.text == "Buyilk" && field.cursor == 6)
    field.handle(.home)
    field.handle(.backspace)
    #expect(field.text == "Buyilk" && field.cursor == 0)
  }

  @Test("arrows stop at the ends; Ctrl-A, Ctrl-E and Ctrl-U edit like a shell")
  func movement() {
    var field = TextFieldState("ab")
    field.handle(.right)
    #expect(field.cursor == 2)
    field.handle(.left)
    field.handle(.left)
    field.handle(.left)
    #expect(field.cursor == 0)
    field.handle(.control("e"))
    #expect(field.cursor == 2)
    field.handle(.left)
    field.handle(.control("u"))
    #expect(field.text == "b" && field.cursor == 0)
    field.handle(.control("a"))
    #expect(field.cursor == 0)
  }

  @Test("a wide character is one step of the cursor and two columns")
  func wideCharacters() {
    var field = TextFieldState("東京")
    #expect(field.cursorColumn == 4)
    field.handle(.left)
    #expect(field.cursor == 1 && field.cursorColumn == 2)
    field.handle(.character("北"))
    #expect(field.text == "東北京" && field.cursor == 2 && field.cursorColumn == 4)
    field.handle(.backspace)
    field.handle(.backspace)
    #expect(field.text == "京" && field.cursor == 0 && field.cursorColumn == 0)
  }

  @Test("a combining mark joins the character before the cursor")
  func combiningMark() {
    var field = TextFieldState("cafe")
    field.handle(.character("\u{301}"))
    #expect(field.text == "café" && field.text.count == 4 && field.cursor == 4)
    #expect(field.cursorColumn == 4)
  }

  @Test("keys that are not editing keys are left to the screen")
  func otherKeys() {
    var field = TextFieldState("a")
    for key in [Key.enter, .escape, .tab, .up, .down, .control("t")] {
      #expect(field.handle(key) == false)
    }
    #expect(field == TextFieldState("a"))
  }
}
