import Foundation
import TerminalUI

/// The plain tables the commands print: a bold header, columns two spaces apart, measured in
/// terminal columns.
enum TextTable {
  /// `2026-03-01 09:30` in the local time zone.
  static func date(_ date: Date) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.calendar = Calendar(identifier: .gregorian)
    formatter.timeZone = .current
    formatter.dateFormat = "yyyy-MM-dd HH:mm"
    return formatter.string(from: date)
  }

  /// Prints `header` and `rows`, padding every column to its widest cell; the columns in
  /// `rightAligned` (numbers) are padded on the left.
  static func print(header: [String], rows: [[String]], rightAligned: Set<Int> = []) {
    let widths = header.indices.map { column in
      ([header] + rows).map { $0[column].displayWidth }.max() ?? 0
    }
    func line(_ cells: [String]) -> String {
      var text = cells.enumerated().map { column, cell in
        let pad = String(repeating: " ", count: max(0, widths[column] - cell.displayWidth))
        return rightAligned.contains(column) ? pad + cell : cell + pad
      }.joined(separator: "  ")
      while text.last == " " { text.removeLast() }
      return text
    }
    Console.output(TextStyle.bold.apply(line(header), enabled: Console.usesColor))
    for row in rows { Console.output(line(row)) }
  }
}
