/// The escape sequences the renderer and ``Terminal`` write (ECMA-48 and xterm's private
/// modes).
enum ControlSequence {
  static let escape = "\u{1B}"
  /// Moves the cursor to `row` and `column`, both counted from 1 (CUP).
  static func moveTo(row: Int, column: Int = 1) -> String { "\u{1B}[\(row);\(column)H" }
  /// Erases the whole line the cursor is on (EL 2).
  static let clearLine = "\u{1B}[2K"
  /// Erases the whole screen (ED 2).
  static let clearScreen = "\u{1B}[2J"
  /// Deletes the cursor's line, pulling the lines below it up inside the scrolling region;
  /// a blank line enters at its bottom (DL).
  static let deleteLine = "\u{1B}[M"
  /// Inserts a blank line at the cursor's, pushing the lines below it down inside the
  /// scrolling region; its bottom line leaves (IL).
  static let insertLine = "\u{1B}[L"
  /// Limits scrolling, and the lines ``deleteLine`` and ``insertLine`` shift, to the rows
  /// `top...bottom` (DECSTBM); the cursor moves home.
  static func scrollingRegion(top: Int, bottom: Int) -> String { "\u{1B}[\(top);\(bottom)r" }
  /// Scrolling over the whole screen again.
  static let resetScrollingRegion = "\u{1B}[r"
  /// The plain style (SGR 0).
  static let resetStyle = "\u{1B}[0m"
  /// Switches to the alternate screen, saving the main one (xterm mode 1049).
  static let enterAlternateScreen = "\u{1B}[?1049h"
  /// Back to the main screen as it was.
  static let leaveAlternateScreen = "\u{1B}[?1049l"
  static let hideCursor = "\u{1B}[?25l"
  static let showCursor = "\u{1B}[?25h"
}
