import ArgumentParser

/// `todo serve`'s options for mailing reminders and morning digests, under a heading of their
/// own in its help (read and checked with the other settings, ``Todo/Serve/flagValues`` and
/// ``ServeSettings``).
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
    help: ServeSetting.digestAt.help(
      "The local time of the morning digest, in each person's time zone", valueName: "HH:mm"))
  var digestAt: String?
}
