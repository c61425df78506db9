extension Component {
  /// Reads an iCalendar stream: one or more top-level components, usually `VCALENDAR`.
  ///
  /// Reading is lenient where real clients are sloppy (lowercase names, LF line ends, blank
  /// lines, a missing final line end, a byte order mark) and strict about structure.
  ///
  /// - Parameter text: iCalendar text.
  /// - Returns: The top-level components in order; empty text gives none.
  /// - Throws: ``ICalendarError`` with the line number for a malformed line, a `BEGIN` without
  ///   `END`, an `END` that does not match, or a property outside any component.
  public static func parse(_ text: String) throws(ICalendarError) -> [Component] {
    try parse(lines: LineFolding.logicalLines(Array(text.utf8)), validatingUTF8: false)
  }

  /// Reads an iCalendar stream from UTF-8 bytes, such as an HTTP request body.
  ///
  /// - Parameter bytes: UTF-8 encoded iCalendar text.
  /// - Returns: The top-level components in order.
  /// - Throws: ``ICalendarError``, as ``parse(_:)`` does, and for bytes that are not UTF-8.
  public static func parse(utf8 bytes: some Sequence<UInt8>) throws(ICalendarError)
    -> [Component]
  {
    try parse(lines: LineFolding.logicalLines(Array(bytes)), validatingUTF8: true)
  }

  static func parse(
    lines: [LogicalLine], validatingUTF8: Bool
  ) throws(ICalendarError) -> [Component] {
    var roots: [Component] = []
    var open: [(component: Component, line: Int)] = []
    for logical in lines {
      let line = try ContentLineParser.parse(
        logical.bytes, line: logical.number, validatingUTF8: validatingUTF8)
      if line.hasName("BEGIN") {
        let name = String(line.value.trimmingBlanks())
        guard !name.isEmpty else {
          throw ICalendarError(line: logical.number, reason: .missingComponentName)
        }
        open.append((Component(name: name), logical.number))
      } else if line.hasName("END") {
        let name = String(line.value.trimmingBlanks())
        guard !name.isEmpty else {
          throw ICalendarError(line: logical.number, reason: .missingComponentName)
        }
        guard let (component, beginLine) = open.popLast() else {
          throw ICalendarError(line: logical.number, reason: .endWithoutBegin(component: name))
        }
        guard component.hasName(name) else {
          throw ICalendarError(
            line: logical.number,
            reason: .mismatchedEnd(expected: component.name, found: name, beginLine: beginLine))
        }
        if open.isEmpty {
          roots.append(component)
        } else {
          open[open.count - 1].component.components.append(component)
        }
      } else {
        guard !open.isEmpty else {
          throw ICalendarError(
            line: logical.number, reason: .propertyOutsideComponent(property: line.name))
        }
        open[open.count - 1].component.properties.append(line)
      }
    }
    if let (component, beginLine) = open.last {
      throw ICalendarError(line: beginLine, reason: .missingEnd(component: component.name))
    }
    return roots
  }

}
