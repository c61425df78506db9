import Foundation
import Logging
import Synchronization
import Testing

@testable import TodoServer

// The SMTP client against a real SMTP server: Tests/smtp/smtp_sink.py (aiosmtpd) with a
// self-signed certificate made by openssl for each test. Python's email package decodes what
// the sink received, so the client's MIME encoding is checked by an independent reader too.

// MARK: - Relay URLs

struct SMTPRelayParsingTests {
  @Test func defaultPortsAndSecurity() throws {
    let startTLS = try SMTPRelay.parse(
      "smtp://mail.example.com", from: "todo@example.com", password: nil, caFile: nil)
    #expect(startTLS.host == "mail.example.com")
    #expect(startTLS.port == 587)
    #expect(startTLS.security == .startTLS)
    #expect(startTLS.user == nil)

    let implicitTLS = try SMTPRelay.parse(
      "smtps://mail.example.com/", from: "todo@example.com", password: nil, caFile: nil)
    #expect(implicitTLS.port == 465)
    #expect(implicitTLS.security == .implicitTLS)

    let plain = try SMTPRelay.parse(
      "smtp+plain://[::1]:2525", from: "todo@example.com", password: nil, caFile: nil)
    #expect(plain.host == "::1")
    #expect(plain.port == 2525)
    #expect(plain.security == SMTPRelay.Security.none)
  }

  @Test func userNameAndExplicitPort() throws {
    let relay = try SMTPRelay.parse(
      "smtp://alerts%40example.com@mail.example.com:2525", from: "todo@example.com",
      password: "hunter2", caFile: "/etc/ca.pem")
    #expect(relay.user == "alerts@example.com")
    #expect(relay.port == 2525)
    #expect(relay.caFile == "/etc/ca.pem")
  }

  @Test func passwordInURLIsRefused() {
    let error = #expect(throws: SMTPRelayError.self) {
      try SMTPRelay.parse(
        "smtp://user:hunter2@mail.example.com", from: "todo@example.com", password: nil,
        caFile: nil)
    }
    #expect(error?.message.contains("environment variable") == true)
    #expect(error?.description.contains("hunter2") == false)
  }

  @Test(arguments: ["mail.example.com", "10.0.0.1", "[2001:db8::1]"])
  func plainRelayMustBeLoopback(host: String) {
    let error = #expect(throws: SMTPRelayError.self) {
      try SMTPRelay.parse(
        "smtp+plain://\(host):25", from: "todo@example.com", password: nil, caFile: nil)
    }
    #expect(error?.message.contains("localhost") == true)
  }

  @Test(arguments: ["localhost", "127.0.0.1", "[::1]", "LOCALHOST"])
  func plainRelayOnLoopbackIsAllowed(host: String) throws {
    let relay = try SMTPRelay.parse(
      "smtp+plain://\(host):2525", from: "todo@example.com", password: nil, caFile: nil)
    #expect(relay.security == SMTPRelay.Security.none)
  }

  @Test(arguments: [
    "mail.example.com", "http://mail.example.com", "smtp://", "smtp://host:0",
    "smtp://host:99999", "smtp://host:25x", "smtp://host/path", "smtp://host?x=1",
    "smtp+plain://localhost", "smtp://bad host",
  ])
  func malformedURLsAreRefused(url: String) {
    #expect(throws: SMTPRelayError.self) {
      try SMTPRelay.parse(url, from: "todo@example.com", password: nil, caFile: nil)
    }
  }

  @Test func credentialsMustComeTogether() {
    #expect(throws: SMTPRelayError.self) {
      try SMTPRelay.parse(
        "smtp://user@mail.example.com", from: "todo@example.com", password: nil, caFile: nil)
    }
    #expect(throws: SMTPRelayError.self) {
      try SMTPRelay.parse(
        "smtp://mail.example.com", from: "todo@example.com", password: "hunter2", caFile: nil)
    }
  }

  @Test func senderMustBeAnAddress() {
    #expect(throws: SMTPRelayError.self) {
      try SMTPRelay.parse("smtp://mail.example.com", from: "todo", password: nil, caFile: nil)
    }
  }

  @Test func descriptionAndMirrorNeverShowThePassword() throws {
    let relay = try SMTPRelay.parse(
      "smtp://user@mail.example.com", from: "todo@example.com", password: "hunter2",
      caFile: nil)
    #expect(relay.description == "smtp://user@mail.example.com:587 (STARTTLS)")
    #expect(!String(reflecting: relay).contains("hunter2"))
    var dumped = ""
    dump(relay, to: &dumped)
    #expect(!dumped.contains("hunter2"))
  }
}

// MARK: - Messages

struct MailMessageRenderingTests {
  private func message(
    from: String = "todo@example.com", to: [String] = ["alice@example.com"],
    subject: String = "Hello", body: String = "Hi"
  ) -> MailMessage {
    MailMessage(
      from: from, to: to, subject: subject, body: body,
      date: Date(timeIntervalSince1970: 1_795_770_000))
  }

  @Test func headersAreRFC5322() throws {
    let text = try message(to: ["alice@example.com", "bob@example.org"]).rendered()
    let (headers, body) = try #require(parseMessage(text))
    #expect(headers["From"] == "todo@example.com")
    #expect(headers["To"] == "alice@example.com, bob@example.org")
    #expect(headers["Subject"] == "Hello")
    #expect(headers["Date"] == "Fri, 27 Nov 2026 09:00:00 +0000")
    #expect(headers["MIME-Version"] == "1.0")
    #expect(headers["Content-Type"] == "text/plain; charset=utf-8")
    #expect(headers["Content-Transfer-Encoding"] == "quoted-printable")
    let messageID = try #require(headers["Message-ID"])
    #expect(messageID.hasPrefix("<") && messageID.hasSuffix("@example.com>"))
    #expect(body == "Hi\r\n")
    // Every line ends with CRLF: no bare LF or CR anywhere.
    let withoutCRLF = text.replacingOccurrences(of: "\r\n", with: "")
    #expect(!withoutCRLF.contains("\n") && !withoutCRLF.contains("\r"))
  }

  @Test(arguments: [
    "Hello\r\nBcc: eve@example.com", "Hello\nBcc: eve@example.com", "Hello\rBcc: x@y.z",
  ])
  func lineBreakInSubjectIsRefused(subject: String) {
    #expect(throws: MailMessageError.self) { try message(subject: subject).rendered() }
  }

  @Test(arguments: [
    "bob@example.com\r\nBcc: eve@example.com", "bob@example.com\n", "bob", "bob@",
    "@example.com", "bob smith@example.com", "<bob@example.com>", "bob@exa mple.com",
    "bob@@example.com", "bob@example..com", "böb@example.com",
  ])
  func malformedAddressesAreRefused(address: String) {
    #expect(throws: MailMessageError.self) { try message(to: [address]).rendered() }
    #expect(throws: MailMessageError.self) {
      try message(to: ["alice@example.com", address]).rendered()
    }
    #expect(throws: MailMessageError.self) { try message(from: address).rendered() }
  }

  @Test func noRecipientIsRefused() {
    #expect(throws: MailMessageError.self) { try message(to: []).rendered() }
  }

  @Test func nonASCIISubjectIsEncodedAndFolded() throws {
    let subject = String(repeating: "Grüße aus Köln ✓ 🌙 ", count: 6)
    let text = try message(subject: subject).rendered()
    let subjectLines = text.components(separatedBy: "\r\n")
      .drop(while: { !$0.hasPrefix("Subject:") })
      .prefix(while: { $0.hasPrefix("Subject:") || $0.hasPrefix(" ") })
    #expect(subjectLines.count > 1)
    #expect(subjectLines.allSatisfy { $0.utf8.count <= 78 && $0.allSatisfy(\.isASCII) })
    let (headers, _) = try #require(parseMessage(text))
    #expect(decodeEncodedWords(try #require(headers["Subject"])) == subject)
  }

  @Test func longASCIISubjectIsFolded() throws {
    let subject = (1...30).map { "word\($0)" }.joined(separator: " ")
    let text = try message(subject: subject).rendered()
    #expect(text.components(separatedBy: "\r\n").allSatisfy { $0.utf8.count <= 78 })
    let (headers, _) = try #require(parseMessage(text))
    #expect(headers["Subject"] == subject)
  }

  @Test func quotedPrintableOfALongNonASCIILine() throws {
    let line = String(repeating: "ä", count: 100) + String(repeating: "a=", count: 50)
    #expect(line.count == 200)
    let encoded = MailMessage.quotedPrintable(line)
    #expect(encoded.hasSuffix("\r\n"))
    let lines = encoded.components(separatedBy: "\r\n").dropLast()
    #expect(lines.count > 1)
    #expect(lines.allSatisfy { $0.count <= 76 && $0.allSatisfy(\.isASCII) })
    #expect(lines.dropLast().allSatisfy { $0.hasSuffix("=") })
    #expect(!encoded.contains("ä"))
    #expect(encoded.contains("=C3=A4"))
    #expect(encoded.contains("a=3D"))
    #expect(decodeQuotedPrintable(encoded) == line + "\r\n")
  }

  @Test func quotedPrintableEscapesTrailingWhitespace() {
    #expect(MailMessage.quotedPrintable("a  \nb\t\r\nc") == "a =20\r\nb=09\r\nc\r\n")
    #expect(MailMessage.quotedPrintable("line\n") == "line\r\n")
    #expect(MailMessage.quotedPrintable("") == "")
    // A space that a soft break would leave at the end of an encoded line is escaped too.
    let text = String(repeating: "x", count: 74) + " y"
    let encoded = MailMessage.quotedPrintable(text)
    #expect(!encoded.contains(" =\r\n"))
    #expect(decodeQuotedPrintable(encoded) == text + "\r\n")
  }

  @Test func quotedPrintableRoundTripsAwkwardLines() {
    // Spaces, escapes and multi-byte characters at every position around the 76-character
    // limit, from a fixed pseudo-random sequence.
    let pieces = ["a", " ", "\t", "=", "ä", "€", "🌙", "."]
    var state: UInt64 = 42
    for length in 1...200 {
      var line = ""
      for _ in 0..<length {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        line += pieces[Int(state >> 33) % pieces.count]
      }
      let encoded = MailMessage.quotedPrintable(line)
      let lines = encoded.components(separatedBy: "\r\n").dropLast()
      #expect(lines.allSatisfy { $0.utf8.count <= 76 && $0.allSatisfy(\.isASCII) }, "\(line)")
      #expect(!lines.contains { $0.hasSuffix(" ") || $0.hasSuffix("\t") }, "\(line)")
      #expect(decodeQuotedPrintable(encoded) == line + "\r\n", "\(line)")
    }
  }

  @Test func dotStuffing() {
    #expect(SMTPClient.dotStuffed(".a\r\nb\r\n.\r\n..c\r\n") == "..a\r\nb\r\n..\r\n...c\r\n")
    #expect(SMTPClient.dotStuffed("a\r\n.\u{301}\r\n") == "a\r\n..\u{301}\r\n")
  }
}

// MARK: - Against an SMTP server

@Suite(
  .enabled(if: SMTPSink.isAvailable, "needs /usr/bin/python3 with aiosmtpd"),
  .timeLimit(.minutes(2))
)
struct SMTPClientTests {
  private let password = "s3cret pässwörd"

  private func message(to: [String] = ["alice@example.com"]) -> MailMessage {
    MailMessage(from: "todo@example.com", to: to, subject: "Reminder", body: "Water the plants.")
  }

  @Test func sendsOverSTARTTLSWithAuthentication() async throws {
    let sink = try await SMTPSink.start(["--user", "tester", "--password", password])
    defer { sink.stop() }
    let relay = try SMTPRelay.parse(
      "smtp://tester@localhost:\(sink.port)", from: "bounces@example.com", password: password,
      caFile: sink.certificate.path)

    let longLine = String(
      repeating: "Zwölf Boxkämpfer jagen Viktor quer über den großen Sylter Deich = ", count: 4)
    let body = [
      "Hello Alice,", "", ".a line that starts with a dot", ".", "..two dots", longLine,
      "trailing spaces   ", "\tand a tab", "end",
    ].joined(separator: "\n")
    let subject =
      "Erinnerung: Müll rausbringen ✓ — und danach die Blumen gießen, bevor es dunkel wird"
    let sent = MailMessage(
      from: "todo@example.com", to: ["alice@example.com", "bob@example.org"], subject: subject,
      body: body)

    try await SMTPClient(relay: relay).send(sent)

    let stored = try sink.storedMessages()
    try #require(stored.count == 1)
    let received = stored[0]
    #expect(received.meta["tls"] as? Bool == true)
    #expect(received.meta["auth_user"] as? String == "tester")
    #expect(received.meta["mail_from"] as? String == "bounces@example.com")
    #expect(received.meta["rcpt_tos"] as? [String] == ["alice@example.com", "bob@example.org"])

    let (headers, encodedBody) = try #require(parseMessage(received.eml))
    #expect(headers["From"] == "todo@example.com")
    #expect(headers["To"] == "alice@example.com, bob@example.org")
    #expect(headers["Message-ID"] == "<\(sent.messageID)>")
    #expect(decodeEncodedWords(try #require(headers["Subject"])) == subject)
    #expect(encodedBody.components(separatedBy: "\r\n").allSatisfy { $0.utf8.count <= 76 })
    let expectedBody = body.replacingOccurrences(of: "\n", with: "\r\n") + "\r\n"
    #expect(decodeQuotedPrintable(encodedBody) == expectedBody)

    // Python's email package reads the same subject and body.
    #expect(received.meta["subject"] as? String == subject)
    let pythonBody = try #require(received.meta["body"] as? String)
    #expect(pythonBody.replacingOccurrences(of: "\r\n", with: "\n") == body + "\n")
  }

  @Test func fallsBackToAuthLogin() async throws {
    let sink = try await SMTPSink.start([
      "--user", "tester", "--password", password, "--no-auth-plain",
    ])
    defer { sink.stop() }
    let relay = try SMTPRelay.parse(
      "smtp://tester@localhost:\(sink.port)", from: "todo@example.com", password: password,
      caFile: sink.certificate.path)
    try await SMTPClient(relay: relay).send(message())
    let stored = try sink.storedMessages()
    try #require(stored.count == 1)
    #expect(stored[0].meta["auth_user"] as? String == "tester")
  }

  @Test func refusesARelayWithoutSTARTTLS() async throws {
    let sink = try await SMTPSink.start(["--no-starttls"])
    defer { sink.stop() }
    let relay = try SMTPRelay.parse(
      "smtp://localhost:\(sink.port)", from: "todo@example.com", password: nil,
      caFile: sink.certificate.path)
    let error = await #expect(throws: SMTPError.self) {
      try await SMTPClient(relay: relay).send(message())
    }
    #expect(error?.command == "STARTTLS")
    #expect(error?.description.contains("does not offer STARTTLS") == true)
    #expect(try sink.storedMessages().isEmpty)
  }

  @Test func wrongPasswordFailsWith535() async throws {
    let sink = try await SMTPSink.start(["--user", "tester", "--password", password])
    defer { sink.stop() }
    let relay = try SMTPRelay.parse(
      "smtp://tester@localhost:\(sink.port)", from: "todo@example.com", password: "wrong-one",
      caFile: sink.certificate.path)
    let error = await #expect(throws: SMTPError.self) {
      try await SMTPClient(relay: relay).send(message())
    }
    #expect(error?.code == 535)
    #expect(error?.command == "AUTH PLAIN")
    let credentials = Data("\0tester\0wrong-one".utf8).base64EncodedString()
    #expect(error?.description.contains(credentials) == false)
    #expect(error?.description.contains("wrong-one") == false)
    #expect(try sink.storedMessages().isEmpty)
  }

  @Test func sendsOverImplicitTLSToAnIPAddress() async throws {
    let sink = try await SMTPSink.start([
      "--implicit-tls", "--user", "tester", "--password", password,
    ])
    defer { sink.stop() }
    // 127.0.0.1 is checked against the certificate's IP address, not sent as SNI.
    let relay = try SMTPRelay.parse(
      "smtps://tester@127.0.0.1:\(sink.port)", from: "todo@example.com", password: password,
      caFile: sink.certificate.path)
    try await SMTPClient(relay: relay).send(message())
    let stored = try sink.storedMessages()
    try #require(stored.count == 1)
    #expect(stored[0].meta["tls"] as? Bool == true)
    #expect(stored[0].meta["auth_user"] as? String == "tester")
  }

  @Test func sendsInPlainTextToALoopbackRelay() async throws {
    let sink = try await SMTPSink.start(["--no-starttls"])
    defer { sink.stop() }
    let relay = try SMTPRelay.parse(
      "smtp+plain://127.0.0.1:\(sink.port)", from: "todo@example.com", password: nil,
      caFile: nil)
    try await SMTPClient(relay: relay).send(message(to: ["a@example.com", "b@example.com"]))
    let stored = try sink.storedMessages()
    try #require(stored.count == 1)
    #expect(stored[0].meta["tls"] as? Bool == false)
    #expect(stored[0].meta["rcpt_tos"] as? [String] == ["a@example.com", "b@example.com"])
  }

  @Test func untrustedCertificateIsRefused() async throws {
    let sink = try await SMTPSink.start(["--user", "tester", "--password", password])
    defer { sink.stop() }
    let relay = try SMTPRelay.parse(
      "smtp://tester@localhost:\(sink.port)", from: "todo@example.com", password: password,
      caFile: nil)
    let error = await #expect(throws: SMTPError.self) {
      try await SMTPClient(relay: relay).send(message())
    }
    #expect(error?.code == nil)
    #expect(error?.description.contains("TLS failed") == true)
    #expect(try sink.storedMessages().isEmpty)
  }

  @Test func certificateForAnotherNameIsRefused() async throws {
    let sink = try await SMTPSink.start(
      ["--user", "tester", "--password", password], certificateName: "mail.invalid")
    defer { sink.stop() }
    let relay = try SMTPRelay.parse(
      "smtp://tester@localhost:\(sink.port)", from: "todo@example.com", password: password,
      caFile: sink.certificate.path)
    let error = await #expect(throws: SMTPError.self) {
      try await SMTPClient(relay: relay).send(message())
    }
    #expect(error?.description.contains("TLS failed") == true)
    #expect(error?.description.lowercased().contains("hostname") == true)
    #expect(try sink.storedMessages().isEmpty)
  }

  @Test func logsTheDialogueButNeverTheCredentials() async throws {
    let sink = try await SMTPSink.start(["--user", "tester", "--password", password])
    defer { sink.stop() }
    let relay = try SMTPRelay.parse(
      "smtp://tester@localhost:\(sink.port)", from: "todo@example.com", password: password,
      caFile: sink.certificate.path)
    let capture = LogCapture()
    var logger = Logger(label: "todo.mail") { _ in CapturingLogHandler(capture: capture) }
    logger.logLevel = .trace
    try await SMTPClient(relay: relay, logger: logger).send(message())

    let lines = capture.lines
    #expect(lines.contains { $0.contains(">>> EHLO") })
    #expect(lines.contains { $0.contains(">>> STARTTLS") })
    #expect(lines.contains { $0.contains(">>> MAIL FROM:<todo@example.com>") })
    let credentials = Data("\0tester\0\(password)".utf8).base64EncodedString()
    for line in lines {
      #expect(!line.contains(password))
      #expect(!line.contains(credentials))
      #expect(!line.contains(">>> AUTH"))
    }
  }

  @Test func unreachableRelayFailsToConnect() async throws {
    // Nothing listens on port 1 of the loopback interface.
    let relay = try SMTPRelay.parse(
      "smtp+plain://127.0.0.1:1", from: "todo@example.com", password: nil, caFile: nil)
    let error = await #expect(throws: SMTPError.self) {
      try await SMTPClient(relay: relay).send(message())
    }
    #expect(error?.command == "connect")
    #expect(error?.code == nil)
  }

  @Test func silentRelayTimesOut() async throws {
    let sink = try await SMTPSink.start(["--silent"])
    defer { sink.stop() }
    let relay = try SMTPRelay.parse(
      "smtp+plain://127.0.0.1:\(sink.port)", from: "todo@example.com", password: nil,
      caFile: nil)
    let client = SMTPClient(relay: relay, timeout: .milliseconds(300))
    let started = ContinuousClock.now
    let error = await #expect(throws: SMTPError.self) { try await client.send(message()) }
    #expect(error?.command == "greeting")
    #expect(error?.description.contains("no reply within") == true)
    #expect(ContinuousClock.now - started < .seconds(20))
  }
}

// MARK: - The sink

/// A running smtp_sink.py, with the temporary directory of its certificate and messages.
private struct SMTPSink {
  static let python = "/usr/bin/python3"

  /// Whether the system Python has aiosmtpd (Debian's python3-aiosmtpd).
  static let isAvailable: Bool = {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: python)
    process.arguments = ["-c", "import aiosmtpd"]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return false }
    process.waitUntilExit()
    return process.terminationStatus == 0
  }()

  struct Stored {
    var eml: String
    var meta: [String: Any]
  }

  let process: Process
  let input: Pipe
  let port: Int
  let directory: URL
  let certificate: URL

  private var outDirectory: URL { directory.appendingPathComponent("out") }

  /// Starts the sink with a new certificate for `certificateName` and returns once it
  /// listens.
  static func start(_ options: [String], certificateName: String = "localhost") async throws
    -> SMTPSink
  {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("smtp-sink-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let certificate = directory.appendingPathComponent("cert.pem")
    let key = directory.appendingPathComponent("key.pem")
    let subjectAltName =
      certificateName == "localhost" ? "DNS:localhost,IP:127.0.0.1" : "DNS:\(certificateName)"
    let status = try await runToExit(
      "/usr/bin/env",
      [
        "openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-subj",
        "/CN=\(certificateName)", "-addext", "subjectAltName=\(subjectAltName)", "-days", "2",
        "-keyout", key.path, "-out", certificate.path,
      ])
    guard status == 0 else {
      try? FileManager.default.removeItem(at: directory)
      throw SinkFailure("openssl could not make a certificate (status \(status))")
    }

    let log = directory.appendingPathComponent("sink.log")
    _ = FileManager.default.createFile(atPath: log.path, contents: nil)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: python)
    process.arguments =
      [
        try sinkScript().path, "--port", "0", "--cert", certificate.path, "--key", key.path,
        "--out", directory.appendingPathComponent("out").path, "--exit-on-eof",
      ] + options
    let output = Pipe()
    let input = Pipe()
    process.standardOutput = output
    process.standardInput = input
    process.standardError = try FileHandle(forWritingTo: log)
    try process.run()

    let line = await readFirstLine(output.fileHandleForReading)
    guard let line, line.hasPrefix("ready "), let port = Int(line.dropFirst("ready ".count))
    else {
      process.terminate()
      await withCheckedContinuation { continuation in
        Thread.detachNewThread {
          process.waitUntilExit()
          continuation.resume()
        }
      }
      let errors = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
      try? FileManager.default.removeItem(at: directory)
      throw SinkFailure("smtp_sink.py did not start: \(line ?? "no output") \(errors)")
    }
    return SMTPSink(
      process: process, input: input, port: port, directory: directory, certificate: certificate
    )
  }

  func stop() {
    // Closing its standard input stops the sink (--exit-on-eof) even if SIGTERM cannot.
    try? input.fileHandleForWriting.close()
    process.terminate()
    // Reaped on a thread of its own: a test's task never blocks one of the few threads that
    // every other test's tasks run on.
    let (process, directory) = (self.process, self.directory)
    Thread.detachNewThread {
      process.waitUntilExit()
      try? FileManager.default.removeItem(at: directory)
    }
  }

  /// The messages received so far, in order.
  func storedMessages() throws -> [Stored] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: outDirectory.path)) ?? []
    let numbers = names.compactMap { name in
      name.hasSuffix(".json") ? Int(name.dropLast(".json".count)) : nil
    }.sorted()
    return try numbers.map { number in
      let eml = try String(
        contentsOf: outDirectory.appendingPathComponent("\(number).eml"), encoding: .utf8)
      let json = try Data(contentsOf: outDirectory.appendingPathComponent("\(number).json"))
      let meta = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
      return Stored(eml: eml, meta: meta)
    }
  }

  /// Tests/smtp/smtp_sink.py, found from this file upwards, wherever the test file sits
  /// under Tests/.
  private static func sinkScript() throws -> URL {
    var directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    while directory.path != "/" {
      let candidate = directory.appendingPathComponent("smtp/smtp_sink.py")
      if FileManager.default.fileExists(atPath: candidate.path) {
        return candidate
      }
      directory.deleteLastPathComponent()
    }
    throw SinkFailure("Tests/smtp/smtp_sink.py not found above \(#filePath)")
  }
}

private struct SinkFailure: Error, CustomStringConvertible {
  var description: String

  init(_ description: String) {
    self.description = description
  }
}

/// Runs a program to its end and returns its exit status.
private func runToExit(_ executable: String, _ arguments: [String]) async throws -> Int32 {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: executable)
  process.arguments = arguments
  process.standardOutput = FileHandle.nullDevice
  process.standardError = FileHandle.nullDevice
  return try await withCheckedThrowingContinuation { continuation in
    process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
    do {
      try process.run()
    } catch {
      process.terminationHandler = nil
      continuation.resume(throwing: error)
    }
  }
}

/// The first line of `handle`, read on a thread of its own as it arrives; `nil` at end of
/// file without a line.
private func readFirstLine(_ handle: FileHandle) async -> String? {
  await withCheckedContinuation { continuation in
    Thread.detachNewThread {
      var bytes: [UInt8] = []
      while true {
        guard let chunk = try? handle.read(upToCount: 1), let byte = chunk.first else {
          continuation.resume(returning: nil)
          return
        }
        if byte == UInt8(ascii: "\n") {
          continuation.resume(returning: String(decoding: bytes, as: UTF8.self))
          return
        }
        bytes.append(byte)
      }
    }
  }
}

// MARK: - Logs

/// The log lines of a test, each with its level and metadata.
private final class LogCapture: Sendable {
  private let storage = Mutex<[String]>([])

  var lines: [String] { storage.withLock { $0 } }

  func append(_ line: String) {
    storage.withLock { $0.append(line) }
  }
}

private struct CapturingLogHandler: LogHandler {
  let capture: LogCapture
  var logLevel: Logger.Level = .trace
  var metadata: Logger.Metadata = [:]
  var metadataProvider: Logger.MetadataProvider?

  subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { metadata[key] }
    set { metadata[key] = newValue }
  }

  func log(event: LogEvent) {
    let allMetadata = metadata.merging(event.metadata ?? [:]) { $1 }
    capture.append("\(event.level) \(event.message) \(allMetadata)")
  }
}

// MARK: - Reading messages

/// The unfolded header fields and the raw body of an RFC 5322 message.
private func parseMessage(_ text: String) -> (headers: [String: String], body: String)? {
  guard let separator = text.range(of: "\r\n\r\n") else { return nil }
  let unfolded = text[..<separator.lowerBound]
    .replacingOccurrences(of: "\r\n ", with: " ")
    .replacingOccurrences(of: "\r\n\t", with: "\t")
  var headers: [String: String] = [:]
  for line in unfolded.components(separatedBy: "\r\n") {
    guard let colon = line.firstIndex(of: ":") else { return nil }
    headers[String(line[..<colon])] = String(
      line[line.index(after: colon)...].drop(while: { $0 == " " }))
  }
  return (headers, String(text[separator.upperBound...]))
}

/// The text of an unfolded header made of RFC 2047 `=?UTF-8?B?…?=` words and plain words;
/// the space between two encoded words is not part of the text.
private func decodeEncodedWords(_ value: String) -> String {
  var result = ""
  var previousWasEncoded = false
  for (index, word) in value.split(separator: " ", omittingEmptySubsequences: false).enumerated() {
    if word.hasPrefix("=?UTF-8?B?") && word.hasSuffix("?=") {
      let base64 = word.dropFirst("=?UTF-8?B?".count).dropLast(2)
      let data = Data(base64Encoded: String(base64)) ?? Data()
      if index > 0 && !previousWasEncoded { result += " " }
      result += String(decoding: data, as: UTF8.self)
      previousWasEncoded = true
    } else {
      if index > 0 { result += " " }
      result += word
      previousWasEncoded = false
    }
  }
  return result
}

/// Quoted-printable text decoded as UTF-8, with CRLF line breaks.
private func decodeQuotedPrintable(_ text: String) -> String {
  var bytes: [UInt8] = []
  var lines = text.components(separatedBy: "\r\n")
  if lines.last == "" { lines.removeLast() }
  for line in lines {
    var characters = Array(line.utf8)[...]
    let isSoftBreak = characters.last == UInt8(ascii: "=")
    if isSoftBreak { characters.removeLast() }
    while let byte = characters.popFirst() {
      if byte == UInt8(ascii: "="), characters.count >= 2,
        let value = UInt8(String(decoding: characters.prefix(2), as: UTF8.self), radix: 16)
      {
        bytes.append(value)
        characters.removeFirst(2)
      } else {
        bytes.append(byte)
      }
    }
    if !isSoftBreak { bytes += Array("\r\n".utf8) }
  }
  return String(decoding: bytes, as: UTF8.self)
}
