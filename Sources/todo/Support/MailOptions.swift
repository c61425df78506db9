import ArgumentParser
import Foundation
import TodoCore
import TodoServer

/// `todo serve`'s options for mailing reminders and morning digests.
struct MailOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "Mail reminders through this SMTP relay: smtp://[user@]host[:port] (STARTTLS), "
        + "smtps://… (TLS), or smtp+plain://127.0.0.1:port (loopback only).",
      discussion: "The password comes from $TODO_SMTP_PASSWORD or --smtp-password-file, never "
        + "from the URL or a flag.",
      valueName: "url"))
  var smtpURL: String?

  @Option(help: ArgumentHelp("The sender's address of the mails.", valueName: "address"))
  var smtpFrom: String?

  @Option(help: ArgumentHelp("A file holding the relay's password.", valueName: "path"))
  var smtpPasswordFile: String?

  @Option(
    help: ArgumentHelp(
      "PEM certificates to trust for the relay, besides the system's.", valueName: "path"))
  var smtpCAFile: String?

  @Option(
    help: ArgumentHelp(
      "Without accounts: where the reminders go (with accounts, each person's own address, "
        + "`todo user mail`).", valueName: "address"))
  var mailTo: String?

  @Flag(help: "Without accounts: also mail a morning digest of today's and overdue todos.")
  var digest = false

  @Option(
    help: ArgumentHelp(
      "The local time of the morning digest, in each person's time zone.", valueName: "HH:mm"))
  var digestAt = "07:00"

  /// The settings these options and the environment say, or `nil` without `--smtp-url`.
  ///
  /// - Throws: `ValidationError` naming the option that is wrong.
  func settings(environment: [String: String]) throws -> MailSettings? {
    guard let smtpURL else {
      for (name, given) in [
        ("--smtp-from", smtpFrom != nil), ("--mail-to", mailTo != nil), ("--digest", digest),
      ] where given {
        throw ValidationError("\(name) needs --smtp-url: the relay that sends the mail")
      }
      return nil
    }
    guard let from = smtpFrom else {
      throw ValidationError("--smtp-url needs --smtp-from: the address the mails come from")
    }
    let time = digestAt.split(separator: ":").compactMap { Int($0) }
    guard time.count == 2, (0..<24).contains(time[0]), (0..<60).contains(time[1]) else {
      throw ValidationError("--digest-at \(digestAt) is not a time of day; write HH:mm, as 07:00")
    }
    var password = environment["TODO_SMTP_PASSWORD"]
    if let smtpPasswordFile {
      do {
        password = try String(contentsOfFile: smtpPasswordFile, encoding: .utf8)
          .trimmingCharacters(in: .newlines)
      } catch {
        throw ValidationError("--smtp-password-file \(smtpPasswordFile) cannot be read")
      }
    }
    do {
      let relay = try SMTPRelay.parse(
        smtpURL, from: try TodoService.mailAddress(from), password: password,
        caFile: smtpCAFile)
      return MailSettings(
        relay: relay, singleUserAddress: try mailTo.map(TodoService.mailAddress),
        singleUserDigest: digest, digestTime: (time[0], time[1]))
    } catch let error as SMTPRelayError {
      throw ValidationError("--smtp-url: \(error)")
    } catch let error as TodoError {
      throw ValidationError("\(error)")
    }
  }
}
