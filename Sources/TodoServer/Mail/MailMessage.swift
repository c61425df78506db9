import Foundation

/// A plain-text email, rendered as RFC 5322 text for ``SMTPClient``.
///
/// Headers are kept to 7-bit ASCII (a non-ASCII subject becomes RFC 2047 encoded words) and
/// the body is sent as quoted-printable UTF-8, so the message passes through any relay
/// without needing 8BITMIME or SMTPUTF8.
public struct MailMessage: Sendable, Hashable {
  /// The author's address (`From`), `local@domain`.
  public var from: String
  /// The recipients' addresses (`To`), one or more, each `local@domain`.
  public var to: [String]
  /// The subject line, any Unicode text without line breaks.
  public var subject: String
  /// The plain-text body; line breaks may be LF, CRLF or CR.
  public var body: String
  /// When the message was written (`Date`).
  public var date: Date
  /// The message's unique id without its angle brackets, `unique@domain`.
  public var messageID: String

  /// Makes a message.
  ///
  /// - Parameters:
  ///   - messageID: The id without angle brackets; by default a new UUID at the domain of
  ///     `from`.
  public init(
    from: String, to: [String], subject: String, body: String, date: Date = Date(),
    messageID: String? = nil
  ) {
    self.from = from
    self.to = to
    self.subject = subject
    self.body = body
    self.date = date
    if let messageID {
      self.messageID = messageID
    } else {
      let domain = from.split(separator: "@").last.map(String.init) ?? ""
      let host = from.contains("@") && !domain.isEmpty ? domain.lowercased() : "localhost"
      self.messageID = "\(UUID().uuidString.lowercased())@\(host)"
    }
  }

  /// The message as RFC 5322 text with CRLF line endings, ending with CRLF.
  ///
  /// - Throws: ``MailMessageError`` when an address is not `local@domain`, when there is
  ///   no recipient, or when the subject contains a line break (which would let it add
  ///   headers of its own).
  public func rendered() throws -> String {
    if let problem = Self.addressProblem(from) {
      throw MailMessageError("the From address \(String(reflecting: from)) \(problem)")
    }
    guard !to.isEmpty else {
      throw MailMessageError("the message has no recipient")
    }
    for address in to {
      if let problem = Self.addressProblem(address) {
        throw MailMessageError("the To address \(String(reflecting: address)) \(problem)")
      }
    }
    guard !subject.unicodeScalars.contains(where: { $0 == "\r" || $0 == "\n" }) else {
      throw MailMessageError("the subject contains a line break")
    }
    guard let at = messageID.firstIndex(of: "@"), at != messageID.startIndex,
      messageID.index(after: at) != messageID.endIndex,
      messageID.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F }),
      !messageID.contains(where: { "<>".contains($0) })
    else {
      throw MailMessageError("the Message-ID \(String(reflecting: messageID)) is not unique@domain")
    }

    var text = ""
    text += "From: \(from)\r\n"
    text += Self.foldedAddressList(name: "To", to)
    text += Self.encodedSubject(subject)
    text += "Date: \(Self.rfc5322Date(date))\r\n"
    text += "Message-ID: <\(messageID)>\r\n"
    text += "MIME-Version: 1.0\r\n"
    text += "Content-Type: text/plain; charset=utf-8\r\n"
    text += "Content-Transfer-Encoding: quoted-printable\r\n"
    text += "\r\n"
    text += Self.quotedPrintable(body)
    return text
  }

  // MARK: - Addresses

  /// Why `address` is not a plain `local@domain` address, or `nil` when it is one.
  ///
  /// Deliberately stricter than RFC 5321 (no quoted local parts, no display names, ASCII
  /// only): what passes can go into `MAIL FROM:<…>` and headers without escaping.
  static func addressProblem(_ address: String) -> String? {
    if address.unicodeScalars.contains(where: { $0 == "\r" || $0 == "\n" }) {
      return "contains a line break"
    }
    guard address.utf8.count <= 254 else { return "is longer than 254 characters" }
    let parts = address.split(separator: "@", omittingEmptySubsequences: false)
    guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
      return "is not of the form local@domain"
    }
    let local = parts[0]
    let domain = parts[1]
    let atext = Set(
      "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$%&'*+-/=?^_`{|}~")
    guard local.utf8.count <= 64,
      local.split(separator: ".", omittingEmptySubsequences: false).allSatisfy({
        !$0.isEmpty && $0.allSatisfy { atext.contains($0) }
      })
    else {
      return "has a local part (before the @) that is not plain dot-separated ASCII"
    }
    let labelCharacters = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-")
    let domainIsValid = domain.split(separator: ".", omittingEmptySubsequences: false).allSatisfy {
      !$0.isEmpty && $0.count <= 63 && !$0.hasPrefix("-") && !$0.hasSuffix("-")
        && $0.allSatisfy { labelCharacters.contains($0) }
    }
    guard domainIsValid else {
      return "has a domain (after the @) that is not a dot-separated ASCII host name"
    }
    return nil
  }

  private static func foldedAddressList(name: String, _ addresses: [String]) -> String {
    let pieces = addresses.enumerated().map { index, address in
      index < addresses.count - 1 ? "\(address)," : address
    }
    return folded(prefix: "\(name): ", words: pieces)
  }

  /// `prefix` and `words` joined by spaces into header lines of at most 78 characters where
  /// the words allow: a line is folded before a word that would pass that length. Unfolding
  /// removes only the CRLF, so the space is kept.
  private static func folded(prefix: String, words: some Sequence<some StringProtocol>) -> String {
    var text = prefix
    var lineLength = prefix.count
    for (index, word) in words.enumerated() {
      if index > 0 {
        if !word.isEmpty && lineLength > 1 && lineLength + 1 + word.count > 78 {
          text += "\r\n "
          lineLength = 1
        } else {
          text += " "
          lineLength += 1
        }
      }
      text += word
      lineLength += word.count
    }
    return text + "\r\n"
  }

  // MARK: - Subject

  /// The `Subject` header line(s): folded ASCII when the subject is plain printable ASCII,
  /// RFC 2047 base64 encoded words otherwise.
  static func encodedSubject(_ subject: String) -> String {
    let prefix = "Subject: "
    let isPlain =
      subject.unicodeScalars.allSatisfy { ($0.value >= 0x20 && $0.value < 0x7F) || $0 == "\t" }
      // Text that looks like an encoded word would be decoded by the reader.
      && !subject.contains("=?")
      // A word too long to fold could break the 998-character line limit.
      && !subject.split(separator: " ").contains(where: { $0.utf8.count > 900 })
    guard isPlain else {
      // 39 bytes make 52 base64 characters: each encoded word is 64 characters, so every
      // line stays under the recommended 78.
      var words: [String] = []
      var chunk: [UInt8] = []
      for scalar in subject.unicodeScalars {
        // Split between scalars, never inside one: each word must hold whole characters.
        let bytes = Array(String(scalar).utf8)
        if chunk.count + bytes.count > 39 {
          words.append(encodedWord(chunk))
          chunk = []
        }
        chunk += bytes
      }
      if !chunk.isEmpty || words.isEmpty {
        words.append(encodedWord(chunk))
      }
      return prefix + words.joined(separator: "\r\n ") + "\r\n"
    }

    return folded(
      prefix: prefix, words: subject.split(separator: " ", omittingEmptySubsequences: false))
  }

  private static func encodedWord(_ bytes: [UInt8]) -> String {
    "=?UTF-8?B?\(Data(bytes).base64EncodedString())?="
  }

  // MARK: - Date

  /// `date` as an RFC 5322 date in UTC, such as `Fri, 27 Nov 2026 09:00:00 +0000`.
  static func rfc5322Date(_ date: Date) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(secondsFromGMT: 0)!
    let parts = calendar.dateComponents(
      [.weekday, .day, .month, .year, .hour, .minute, .second], from: date)
    let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    let months = [
      "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ]
    func twoDigits(_ value: Int?) -> String {
      let value = value ?? 0
      return value < 10 ? "0\(value)" : "\(value)"
    }
    return "\(days[parts.weekday! - 1]), \(parts.day!) \(months[parts.month! - 1]) "
      + "\(parts.year!) \(twoDigits(parts.hour)):\(twoDigits(parts.minute)):"
      + "\(twoDigits(parts.second)) +0000"
  }

  // MARK: - Quoted-printable

  /// `text` as quoted-printable UTF-8 (RFC 2045) with CRLF line endings, each line ending
  /// with CRLF; an empty text gives an empty string.
  ///
  /// Encoded lines are at most 76 characters, soft breaks (`=` at the end) included. `=`,
  /// bytes outside printable ASCII, and spaces or tabs that would end a line are escaped:
  /// relays may strip trailing whitespace.
  static func quotedPrintable(_ text: String) -> String {
    var lines: [[UInt8]] = [[]]
    var bytes = Array(text.utf8)[...]
    while let byte = bytes.popFirst() {
      switch byte {
      case UInt8(ascii: "\r"):
        if bytes.first == UInt8(ascii: "\n") { bytes.removeFirst() }
        lines.append([])
      case UInt8(ascii: "\n"):
        lines.append([])
      default:
        lines[lines.count - 1].append(byte)
      }
    }
    // A text ending with a line break does not get an extra empty line.
    if lines.last?.isEmpty == true { lines.removeLast() }

    var output = ""
    for line in lines {
      output += encodedLine(line)
      output += "\r\n"
    }
    return output
  }

  private static func encodedLine(_ line: [UInt8]) -> String {
    func escaped(_ byte: UInt8) -> String {
      let hex = Array("0123456789ABCDEF")
      return "=\(hex[Int(byte >> 4)])\(hex[Int(byte & 0x0F)])"
    }
    func isWhitespace(_ byte: UInt8) -> Bool {
      byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
    }
    let tokens: [String] = line.map { byte in
      if (33...126).contains(byte) && byte != UInt8(ascii: "=") || isWhitespace(byte) {
        return String(UnicodeScalar(byte))
      }
      return escaped(byte)
    }

    var output = ""
    var lineLength = 0
    for index in tokens.indices {
      let isLast = index == tokens.count - 1
      var token = tokens[index]
      // Room is kept for the "=" of a soft break unless this is the line's last token.
      let limit = isLast ? 76 : 75
      if lineLength + token.count > limit {
        output += "=\r\n"
        lineLength = 0
      }
      if isWhitespace(line[index]) {
        let nextLength = isLast ? 0 : tokens[index + 1].count
        let nextLimit = index + 1 == tokens.count - 1 ? 76 : 75
        let endsLine = isLast || lineLength + 1 + nextLength > nextLimit
        if endsLine {
          token = escaped(line[index])
          if lineLength + token.count > limit {
            output += "=\r\n"
            lineLength = 0
          }
        }
      }
      output += token
      lineLength += token.count
    }
    return output
  }
}

/// Why a ``MailMessage`` cannot be rendered: a malformed address, no recipient, or a line
/// break in a header field.
public struct MailMessageError: Error, CustomStringConvertible {
  /// What is wrong with the message.
  public let message: String

  /// Makes an error with the given message.
  public init(_ message: String) {
    self.message = message
  }

  /// The message, prefixed so that it reads well in a log line.
  public var description: String { "invalid mail message: \(message)" }
}
