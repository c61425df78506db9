extension ContentLine {
  /// The value as an RFC 5545 duration (`-PT15M`, `P1D`, `PT1H30M`, `-P2W`), in seconds;
  /// `nil` when it is not one. A day counts 86,400 seconds, as a `TRIGGER` counts it.
  public var durationSeconds: Int? {
    Self.durationSeconds(value)
  }

  /// Reads an RFC 5545 duration, in seconds.
  public static func durationSeconds(_ text: String) -> Int? {
    var rest = Substring(text.uppercased())
    var sign = 1
    if rest.first == "+" || rest.first == "-" {
      sign = rest.first == "-" ? -1 : 1
      rest = rest.dropFirst()
    }
    guard rest.first == "P" else { return nil }
    rest = rest.dropFirst()
    var seconds = 0
    var inTime = false
    var number = ""
    var sawUnit = false
    for character in rest {
      if character.isASCII, character.isNumber {
        number.append(character)
        continue
      }
      if character == "T" {
        guard !inTime, number.isEmpty else { return nil }
        inTime = true
        continue
      }
      guard let amount = Int(number), amount < 10_000_000 else { return nil }
      let unit: Int
      switch (character, inTime) {
      case ("W", false): unit = 604_800
      case ("D", false): unit = 86_400
      case ("H", true): unit = 3_600
      case ("M", true): unit = 60
      case ("S", true): unit = 1
      default: return nil
      }
      seconds += amount * unit
      number = ""
      sawUnit = true
    }
    guard sawUnit, number.isEmpty else { return nil }
    return sign * seconds
  }

  /// An RFC 5545 duration for a number of seconds: `-PT10M`, `P1D`, `PT0S`.
  public static func durationText(seconds: Int) -> String {
    let sign = seconds < 0 ? "-" : ""
    var rest = abs(seconds)
    if rest == 0 { return "PT0S" }
    if rest % 604_800 == 0 { return "\(sign)P\(rest / 604_800)W" }
    var text = "\(sign)P"
    if rest >= 86_400 {
      text += "\(rest / 86_400)D"
      rest %= 86_400
    }
    guard rest > 0 else { return text }
    text += "T"
    if rest >= 3_600 { text += "\(rest / 3_600)H" }
    if rest % 3_600 >= 60 { text += "\(rest % 3_600 / 60)M" }
    if rest % 60 > 0 { text += "\(rest % 60)S" }
    return text
  }
}
