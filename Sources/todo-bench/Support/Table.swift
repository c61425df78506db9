/// A plain-text table printed by a benchmark, followed by its `summary:` line.
struct Table {
  var header: [String]
  var rows: [[String]] = []

  init(_ header: String...) {
    self.header = header
  }

  mutating func append(_ row: String...) {
    rows.append(row)
  }

  /// The table with columns padded to their widest cell, numbers right-aligned.
  var rendered: String {
    let all = [header] + rows
    let widths = header.indices.map { column in
      all.map { column < $0.count ? $0[column].count : 0 }.max() ?? 0
    }
    func line(_ cells: [String]) -> String {
      cells.enumerated().map { column, cell in
        let padding = String(repeating: " ", count: widths[column] - cell.count)
        return column == 0 ? cell + padding : padding + cell
      }.joined(separator: "  ")
    }
    let rule = widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")
    return ([line(header), rule] + rows.map(line)).joined(separator: "\n")
  }
}

/// Formats figures the same way in every benchmark.
enum Format {
  static func fixed(_ value: Double, _ digits: Int = 2) -> String {
    guard value.isFinite else { return "n/a" }
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    var text = String(rounded)
    if let dot = text.firstIndex(of: ".") {
      let decimals = text.distance(from: text.index(after: dot), to: text.endIndex)
      if decimals < digits { text += String(repeating: "0", count: digits - decimals) }
    } else if digits > 0 {
      text += "." + String(repeating: "0", count: digits)
    }
    return text
  }

  /// What the figures were measured with, for the first line of a benchmark's output.
  static var build: String {
    #if DEBUG
      "DEBUG build: figures are not representative, use -c release"
    #else
      "release build"
    #endif
  }

  /// The last line of every benchmark: `summary: key=value key=value …`.
  static func summary(_ pairs: KeyValuePairs<String, String>) -> String {
    summary(pairs.map { ($0.key, $0.value) })
  }

  /// The `summary:` line of `pairs`, in order.
  static func summary(_ pairs: [(key: String, value: String)]) -> String {
    "summary: " + pairs.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
  }
}
