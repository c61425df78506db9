import Diffable
import Testing

@testable import TerminalUI

/// A dialog and a form over a list of twelve items under a header, on 12 lines of 40
/// columns without colours: the box goes over the middle of the list and, when it goes,
/// only the rows it covered are drawn again.
@Suite("List renderer: dialogs and forms over the list")
struct OverlayTests {
  let size = TerminalSize(rows: 12, columns: 40)
  static let items = (0..<12).map { "\($0)" }

  private func drawn() throws -> (ListRenderer<String, String>, ScreenEmulator) {
    var renderer = ListRenderer<String, String>(size: size, environment: ["NO_COLOR": "1"])
    var screen = ScreenEmulator(size: size)
    screen.write(renderer.draw(try listContent([("s", "Areas", Self.items)]), status: "status"))
    return (renderer, screen)
  }

  static let alert = Dialog(
    title: "Could not load",
    message: "The network is unreachable and this is a long message that wraps.",
    buttons: ["Retry", "Cancel"])

  static let listLines = ["Areas"] + (0..<10).map { "  Item \($0)" } + ["status"]

  @Test("a dialog is drawn over the middle of the list, its focused button marked")
  func dialog() throws {
    var (renderer, screen) = try drawn()
    let bytes = renderer.present(.dialog(Self.alert))
    screen.write(bytes)
    #expect(
      screen.lines == [
        "Areas",
        "  Item 0",
        " ┌─ Could not load ───────────────────┐",
        " │ The network is unreachable and     │",
        " │ this is a long message that wraps. │",
        " │                                    │",
        " │       ▸ Retry ◂  [ Cancel ]        │",
        " └────────────────────────────────────┘",
        "  Item 7",
        "  Item 8",
        "  Item 9",
        "status",
      ])
    // Only the six lines of the box are written.
    #expect(
      visible(bytes).split(separator: "⎋[2K", omittingEmptySubsequences: false).count - 1 == 6)
    #expect(visible(bytes).hasPrefix("⎋[3;1H⎋[2K ┌─ Could not load"))
  }

  @Test("moving the focus rewrites the button line alone")
  func focusChange() throws {
    var (renderer, screen) = try drawn()
    screen.write(renderer.present(.dialog(Self.alert)))
    var alert = Self.alert
    #expect(alert.handle(.right) == nil)
    let bytes = renderer.present(.dialog(alert))
    screen.write(bytes)
    #expect(visible(bytes) == "⎋[7;1H⎋[2K │       [ Retry ]  ▸ Cancel ◂        │")
    #expect(renderer.present(.dialog(alert)).isEmpty)
  }

  @Test("dismissing writes again only the rows the box covered")
  func dismiss() throws {
    var (renderer, screen) = try drawn()
    screen.write(renderer.present(.dialog(Self.alert)))
    let bytes = renderer.present(nil)
    screen.write(bytes)
    #expect(screen.lines == Self.listLines)
    #expect(
      visible(bytes)
        == (3...8).map { "⎋[\($0);1H⎋[2K  Item \($0 - 2)" }.joined())
  }

  @Test("changes to the list under a box leave the screen a fresh drawing would")
  func changesUnderBox() throws {
    var (renderer, screen) = try drawn()
    screen.write(renderer.present(.dialog(Self.alert)))
    var items = Self.items
    items.remove(at: 1)
    items.insert("x", at: 5)
    let content = try listContent([("s", "Areas", items)], cells: ["3": Cell("Three")])
    screen.write(renderer.update(to: content))

    var fresh = ListRenderer<String, String>(size: size, environment: ["NO_COLOR": "1"])
    var freshScreen = ScreenEmulator(size: size)
    freshScreen.write(fresh.draw(content, status: "status"))
    freshScreen.write(fresh.present(.dialog(Self.alert)))
    #expect(screen.lines == freshScreen.lines)
    #expect(screen.lines[1] == "  Item 0" && screen.lines[8] == "  Item 7")
    screen.write(renderer.present(nil))
    #expect(screen.lines[2...6] == ["  Item 2", "  Three", "  Item 4", "  Item 5", "  Item x"])
    screen.write(fresh.present(nil))
    freshScreen.write(fresh.resize(to: size))
    #expect(screen.lines == freshScreen.lines)
  }

  @Test("a form shows its labelled fields, the focused one marked, and Save and Cancel")
  func form() throws {
    var (renderer, screen) = try drawn()
    var form = Form(
      title: "Edit todo",
      fields: [
        .text("Title", "Buy milk 牛乳"), .text("Notes", ""),
        .choice("Status", options: ["Undone", "Started", "Done"], selected: 0),
      ])
    screen.write(renderer.present(.form(form)))
    #expect(
      screen.lines[2...8] == [
        " ┌─ Edit todo ────────────────────────┐",
        " │ › Title   [Buy milk 牛乳         ] │",
        " │   Notes   [                      ] │",
        " │   Status  ‹ Undone ›               │",
        " │                                    │",
        " │        [ Save ]  [ Cancel ]        │",
        " └────────────────────────────────────┘",
      ])
    _ = form.handle(.tab)
    _ = form.handle(.tab)
    _ = form.handle(.right)
    _ = form.handle(.tab)
    let bytes = renderer.present(.form(form))
    screen.write(bytes)
    #expect(
      screen.lines[3...7] == [
        " │   Title   [Buy milk 牛乳         ] │",
        " │   Notes   [                      ] │",
        " │   Status  ‹ Started ›              │",
        " │                                    │",
        " │        ▸ Save ◂  [ Cancel ]        │",
      ])
    // The title, status and button lines changed; Notes and the borders did not.
    #expect(
      visible(bytes).split(separator: "⎋[2K", omittingEmptySubsequences: false).count - 1 == 3)
  }

  @Test("a box taller than the list region keeps its bottom, where the buttons are")
  func tallBox() throws {
    let small = TerminalSize(rows: 5, columns: 30)
    var renderer = ListRenderer<String, String>(size: small, environment: ["NO_COLOR": "1"])
    var screen = ScreenEmulator(size: small)
    screen.write(renderer.draw(try listContent([("s", nil, ["a"])]), status: ""))
    screen.write(renderer.present(.dialog(Dialog(title: "T", message: "1\n2\n3\n4"))))
    #expect(
      screen.lines[2...3] == [" │          ▸ OK ◂          │", " └──────────────────────────┘"])
    #expect(screen.overflow.isEmpty)
  }

  @Test("colours: the focused button and the title are styled")
  func colours() throws {
    var renderer = ListRenderer<String, String>(size: size)
    _ = renderer.draw(try listContent([("s", nil, ["a"])]), status: "")
    let bytes = visible(renderer.present(.dialog(Dialog(title: "Delete?", message: "Sure?"))))
    #expect(bytes.contains("┌─⎋[1m Delete? ⎋[0m─"))
    #expect(bytes.contains("⎋[1;7m▸ OK ◂⎋[0m"))
  }
}
