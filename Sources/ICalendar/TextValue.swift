/// Escaping and unescaping of TEXT values (RFC 5545 section 3.3.11), and lists of them.
///
/// In a TEXT value a backslash escapes `\`, `;` and `,`, and `\n` (or `\N`) is a newline:
///
/// ```swift
/// TextValue.escape("Milk, eggs; bread\nand jam")   // "Milk\\, eggs\\; bread\\nand jam"
/// TextValue.unescape(#"a\,b\nc"#)                   // "a,b\nc"
/// TextValue.unescapeList(#"home,garden\, shed"#)    // ["home", "garden, shed"]
/// ```
///
/// Unescaping is lenient: a backslash before any other character is kept with that
/// character, as some clients write `\:`.
public enum TextValue {
  /// The raw TEXT value for `text`: `\`, `;` and `,` escaped, line breaks written as `\n`.
  ///
  /// - Parameter text: Plain text; CRLF, CR and LF all count as one line break.
  /// - Returns: The value as written in a content line.
  public static func escape(_ text: String) -> String {
    var raw = ""
    var previousWasCR = false
    for scalar in text.unicodeScalars {
      defer { previousWasCR = scalar == "\r" }
      switch scalar {
      case "\\": raw += "\\\\"
      case ";": raw += "\\;"
      case ",": raw += "\\,"
      case "\r": raw += "\\n"
      case "\n": if !previousWasCR { raw += "\\n" }
      default: raw.unicodeScalars.append(scalar)
      }
    }
    return raw
  }

  /// The plain text of a raw TEXT value.
  ///
  /// - Parameter raw: The value as written in a content line.
  /// - Returns: The text with escapes resolved.
  public static func unescape(_ raw: String) -> String {
    unescape(raw[...])
  }

  /// The raw value of a list of TEXT values, such as `CATEGORIES`: each escaped, joined with
  /// commas.
  ///
  /// - Parameter texts: Plain texts.
  /// - Returns: The value as written in a content line.
  public static func escapeList(_ texts: [String]) -> String {
    texts.map(escape).joined(separator: ",")
  }

  /// The plain texts of a raw comma-separated list of TEXT values; escaped commas stay in
  /// their text.
  ///
  /// - Parameter raw: The value as written in a content line.
  /// - Returns: The texts in order; an empty value gives an empty list.
  public static func unescapeList(_ raw: String) -> [String] {
    guard !raw.isEmpty else { return [] }
    var texts: [String] = []
    let scalars = raw.unicodeScalars
    var start = scalars.startIndex
    var index = scalars.startIndex
    while index < scalars.endIndex {
      let scalar = scalars[index]
      index = scalars.index(after: index)
      if scalar == "\\" {
        if index < scalars.endIndex { index = scalars.index(after: index) }
      } else if scalar == "," {
        texts.append(unescape(raw[start..<scalars.index(before: index)]))
        start = index
      }
    }
    texts.append(unescape(raw[start...]))
    return texts
  }

  static func unescape(_ raw: Substring) -> String {
    raw.resolvingEscapes("\\") { code in
      switch code {
      case "n", "N": "\n"
      case "\\": "\\"
      case ";": ";"
      case ",": ","
      default: nil
      }
    }
  }
}
