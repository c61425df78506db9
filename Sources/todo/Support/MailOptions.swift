import ArgumentParser
import Configuration

/// `todo serve`'s options for mailing reminders and morning digests (checked with the other
/// settings, ``ServeSettings``).
struct MailOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "Mail reminders through this SMTP relay: smtp://[user@]host[:port] (STARTTLS), "
        + "smtps://… (TLS), or smtp+plain://127.0.0.1:port (loopback only).",
      discussion: "The password comes from $TODO_SMTP_PASSWORD, the configuration file's "
        + "smtp-password or --smtp-password-file, never from the URL or a flag.",
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

  @Flag(
    inversion: .prefixedNo,
    help: "Without accounts: also mail a morning digest of today's and overdue todos.")
  var digest: Bool?

  @Option(
    help: ArgumentHelp(
      "The local time of the morning digest, in each person's time zone (default 07:00).",
      valueName: "HH:mm"))
  var digestAt: String?

  /// The values these flags give, by setting.
  var flagValues: [ServeSetting: ConfigContent] {
    var values: [ServeSetting: ConfigContent] = [:]
    let strings: [(ServeSetting, String?)] = [
      (.smtpURL, smtpURL), (.smtpFrom, smtpFrom), (.smtpPasswordFile, smtpPasswordFile),
      (.smtpCAFile, smtpCAFile), (.mailTo, mailTo), (.digestAt, digestAt),
    ]
    for (setting, value) in strings {
      if let value { values[setting] = .string(value) }
    }
    if let digest { values[.digest] = .bool(digest) }
    return values
  }
}
