@testable import TerminalUI

/// A small terminal for tests: it interprets the sequences the renderer writes (cursor
/// position, erase line and screen, insert and delete line in the scrolling region, SGR and
/// private modes ignored) and keeps the text of each line.
struct ScreenEmulator {
  let size: TerminalSize
  private(set) var cells: [[String]]
  private(set) var row = 0
  private(set) var column = 0
  private var regionTop = 0
  private var regionBottom: Int
  /// Text written past the right edge.
  private(set) var overflow: [String] = []

  init(size: TerminalSize) {
    self.size = size
    cells = Array(
      repeating: Array(repeating: " ", count: size.columns), count: size.rows)
    regionBottom = size.rows - 1
  }

  /// Each line's text, trailing spaces removed.
  var lines: [String] {
    cells.map { line in
      var text = line.joined()
      while text.last == " " { text.removeLast() }
      return text
    }
  }

  mutating func write(_ bytes: [UInt8]) {
    let text = String(decoding: bytes, as: UTF8.self)
    var characters = Array(text)[...]
    while let character = characters.popFirst() {
      if character == "\u{1B}" {
        guard characters.popFirst() == "[" else { continue }
        var parameters = ""
        while let next = characters.first, next.isNumber || next == ";" || next == "?" {
          parameters.append(next)
          characters.removeFirst()
        }
        guard let final = characters.popFirst() else { return }
        perform(final, parameters)
      } else {
        put(character)
      }
    }
  }

  private mutating func put(_ character: Character) {
    let width = character.displayWidth
    guard column + width <= size.columns else {
      overflow.append(String(character))
      return
    }
    cells[row][column] = String(character)
    if width == 2 { cells[row][column + 1] = "" }
    column += width
  }

  private mutating func perform(_ final: Character, _ parameters: String) {
    let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false)
      .map { Int($0) }
    func number(_ index: Int, _ fallback: Int) -> Int {
      index < numbers.count ? numbers[index] ?? fallback : fallback
    }
    let blank = Array(repeating: " ", count: size.columns)
    switch final {
    case "H":
      row = number(0, 1) - 1
      column = number(1, 1) - 1
    case "K":
      cells[row] = blank
    case "J":
      cells = Array(repeating: blank, count: size.rows)
    case "M":
      guard (regionTop...regionBottom).contains(row) else { return }
      cells.remove(at: row)
      cells.insert(blank, at: regionBottom)
    case "L":
      guard (regionTop...regionBottom).contains(row) else { return }
      cells.remove(at: regionBottom)
      cells.insert(blank, at: row)
    case "r":
      regionTop = parameters.isEmpty ? 0 : number(0, 1) - 1
      regionBottom = parameters.isEmpty ? size.rows - 1 : number(1, size.rows) - 1
      row = 0
      column = 0
    default:
      break
    }
  }
}
