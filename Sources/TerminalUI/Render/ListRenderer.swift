import Diffable

/// Draws a list of sections and cells full-screen, and afterwards rewrites only the rows a
/// change touches, the way a list view applies a staged changeset.
///
/// The renderer is pure: every method returns the bytes to write and keeps, as its state,
/// what the screen shows. The lines above the last are the list region, a window of rows
/// starting at ``top``, below the ``searchField``'s line when there is one; the last line is
/// the status line or the ``keyLine``. A ``Dialog`` or ``Form`` presented with
/// ``present(_:)`` is drawn over the middle of the list region. A deleted row leaves with a
/// delete-line (`ESC[M`) inside the list's scrolling region and an inserted row enters with
/// an insert-line (`ESC[L`), so the rows around them move without being rewritten; only
/// inserted, updated and newly exposed rows are written (`ESC[row;colH`, `ESC[2K`, the text).
///
/// ```swift
/// var renderer = ListRenderer<String, String>(
///   size: TerminalSize(rows: 24, columns: 80), environment: environment)
/// terminal.write(renderer.draw(content, status: "q quit"))
/// // after a change:
/// terminal.write(renderer.update(to: newContent))
/// ```
///
/// Colours and attributes are SGR sequences, left out when the environment sets `NO_COLOR`
/// (<https://no-color.org>). Text is cut by display width: wide characters and emoji take
/// two columns and are never split.
public struct ListRenderer<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable> {
  typealias Key = RowKey<SectionID, ItemID>

  /// The terminal's size.
  public internal(set) var size: TerminalSize
  /// What the screen shows.
  public internal(set) var content = ListContent<SectionID, ItemID>()
  /// The index of the row drawn on the first line of the list region.
  public internal(set) var top = 0
  /// The text of the status line (drawn when there is no ``keyLine``).
  public internal(set) var status = ""
  /// The key line drawn as the bottom line instead of ``status``.
  public internal(set) var keyLine: KeyLine?
  /// The search field on the first line, above the list.
  public internal(set) var searchField: SearchField?
  /// The dialog or form drawn over the list.
  public internal(set) var overlay: Overlay?
  /// Whether styles are written as SGR sequences (no `NO_COLOR` in the environment).
  public let usesColor: Bool

  /// Every row of ``content``, headers and items, in display order.
  var rows: [Key] = []
  /// What each line of the list region shows (`nil`: blank).
  var screen: [Key?] = []
  /// The part of the overlay each line of the list region shows over its row.
  var screenOverlay: [StyledLine?] = []

  /// Creates a renderer for a terminal of `size`.
  ///
  /// - Parameters:
  ///   - size: The terminal's size.
  ///   - environment: The process environment; a non-empty `NO_COLOR` turns styles off.
  public init(size: TerminalSize, environment: [String: String] = [:]) {
    self.size = size
    self.usesColor = (environment["NO_COLOR"] ?? "").isEmpty
  }

  /// The number of lines of the list region (all but the status line and the search
  /// field's).
  public var visibleHeight: Int { max(0, size.rows - 1 - (searchField == nil ? 0 : 1)) }

  /// The terminal row, counted from 1, of the list region's first line.
  var listTopRow: Int { searchField == nil ? 1 : 2 }

  /// The number of rows of the list, headers included.
  public var rowCount: Int { rows.count }

  // MARK: - Drawing everything

  /// Draws `content` on a cleared screen, keeping ``top`` (within the list).
  ///
  /// - Complexity: O(n + h·w) for n rows, h visible lines and w columns.
  public mutating func draw(_ content: ListContent<SectionID, ItemID>, status: String? = nil)
    -> [UInt8]
  {
    self.content = content
    if let status { self.status = status }
    rows = Self.rows(of: content.snapshot.sections, headers: content.headers)
    top = clampedTop(top)
    return Array(redrawAll().utf8)
  }

  /// Draws everything again for a terminal of a new size (after `SIGWINCH`).
  public mutating func resize(to size: TerminalSize) -> [UInt8] {
    self.size = size
    top = clampedTop(top)
    return Array(redrawAll().utf8)
  }

  mutating func redrawAll() -> String {
    var output = usesColor ? ControlSequence.resetStyle : ""
    if visibleHeight >= 2 {
      output += ControlSequence.scrollingRegion(
        top: listTopRow, bottom: listTopRow + visibleHeight - 1)
    }
    output += ControlSequence.clearScreen
    forgetListRegion()
    output += searchFieldBytes()
    output += syncLines(stale: [])
    output += statusBytes()
    return output
  }

  /// Marks every line of the list region blank, as after clearing it.
  mutating func forgetListRegion() {
    screen = Array(repeating: nil, count: visibleHeight)
    screenOverlay = Array(repeating: nil, count: visibleHeight)
  }

  // MARK: - Scrolling and the status line

  /// Shows the rows from `row` on, rewriting the lines whose row changes. The window stops
  /// where the last row reaches the bottom line.
  public mutating func scroll(toTop row: Int) -> [UInt8] {
    top = clampedTop(row)
    return Array(syncLines(stale: []).utf8)
  }

  /// `row` limited to the tops that leave no blank line under the window while rows are
  /// hidden above it.
  func clampedTop(_ row: Int) -> Int {
    max(0, min(row, rows.count - visibleHeight))
  }

  /// Scrolls as little as needed for `item`'s row to be visible (nothing when it is).
  public mutating func reveal(_ item: ItemID) -> [UInt8] {
    guard let index = rows.firstIndex(of: .item(item)), visibleHeight > 0 else { return [] }
    if index < top { return scroll(toTop: index) }
    if index >= top + visibleHeight { return scroll(toTop: index - visibleHeight + 1) }
    return []
  }

  /// Rewrites the status line with `text` (nothing when it is unchanged). A ``keyLine``,
  /// when there is one, is drawn instead.
  public mutating func setStatus(_ text: String) -> [UInt8] {
    guard text != status else { return [] }
    status = text
    return keyLine == nil ? Array(statusBytes().utf8) : []
  }

  func statusBytes() -> String {
    guard size.rows > 0 else { return "" }
    let line = keyLine?.line(width: size.columns) ?? Cell.statusLine(status, width: size.columns)
    return ControlSequence.moveTo(row: size.rows) + ControlSequence.clearLine
      + line.encoded(usesColor: usesColor)
  }

  // MARK: - Lines

  /// Writes every line of the list region whose row differs from what it shows, or whose
  /// row is in `stale`; clears lines that should be blank.
  /// Lines under the ``overlay`` are drawn with its part over them; a line whose part
  /// changes is written again.
  mutating func syncLines(stale: Set<Key>) -> String {
    var output = ""
    let pieces = overlayPieces()
    for line in 0..<visibleHeight {
      let index = top + line
      let wanted = index < rows.count ? rows[index] : nil
      let piece = pieces[line]
      let isStale = wanted.map { stale.contains($0) } ?? false
      guard screen[line] != wanted || screenOverlay[line] != piece?.line || isStale else {
        continue
      }
      output += ControlSequence.moveTo(row: line + listTopRow) + ControlSequence.clearLine
      if wanted != nil || piece != nil {
        var text = wanted.map { self.line(of: $0) } ?? StyledLine()
        if let piece { text = text.overlaid(with: piece.line, atColumn: piece.column) }
        output += text.encoded(usesColor: usesColor)
      }
      screen[line] = wanted
      screenOverlay[line] = piece?.line
    }
    return output
  }

  private func line(of key: Key) -> StyledLine {
    switch key {
    case .header(let section):
      Cell.headerLine(content.headers[section] ?? "", width: size.columns)
    case .item(let item):
      (content.cells[item] ?? Cell("")).line(width: size.columns)
    }
  }

  /// The rows of `sections`: a header row for each section with a header, then its items.
  static func rows(
    of sections: [SnapshotSection<SectionID, ItemID>], headers: [SectionID: String]
  ) -> [Key] {
    var rows: [Key] = []
    for section in sections {
      if headers[section.identifier] != nil { rows.append(.header(section.identifier)) }
      for item in section.items { rows.append(.item(item)) }
    }
    return rows
  }
}
