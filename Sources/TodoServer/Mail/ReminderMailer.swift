import Foundation
import Logging
import TodoCore

/// Mails what the reminder scheduler fired, to each person who gave an address, and sends the
/// morning digests: the server's deliveries that are not a page's.
///
/// Only the server that fired a reminder mails it (firing is once across servers), after the
/// firing committed: a server stopped between the two loses that one e-mail, never sends it
/// twice. A relay that fails is logged (without its password) and the reminder still rings in
/// the pages.
struct ReminderMailer: Sendable {
  let settings: MailSettings
  let client: SMTPClient
  let logger: Logger

  init(settings: MailSettings, logger: Logger) {
    self.settings = settings
    self.client = SMTPClient(relay: settings.relay, logger: logger)
    self.logger = logger
  }

  /// Mails each fired reminder to its person, if they gave an address.
  func deliver(_ fired: [RingingReminder], service: TodoService) async {
    for reminder in fired {
      do {
        guard let recipient = try await recipient(of: reminder.accountID, service: service)
        else { continue }
        try await client.send(message(for: reminder, to: recipient))
      } catch {
        logger.error("could not mail reminder \(reminder.id): \(error)")
      }
    }
  }

  /// The person's address: their account's, or the server's for its one person.
  private func recipient(of accountID: UUID?, service: TodoService) async throws
    -> MailRecipient?
  {
    guard let accountID else {
      return settings.singleUserAddress.map {
        MailRecipient(accountID: nil, address: $0, timeZone: .current)
      }
    }
    return try await service.mailRecipient(of: accountID)
  }

  /// The e-mail of a reminder: its title as the subject, its deadline in the person's zone.
  func message(for reminder: RingingReminder, to recipient: MailRecipient) -> MailMessage {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = recipient.timeZone
    let day = AgendaDay(now: reminder.since, calendar: calendar)
    var lines = [reminder.title, ""]
    if let deadline = reminder.deadline {
      lines.append("Due: \(deadline.label(on: day)) (\(deadline.displayText))")
    }
    if reminder.late {
      lines.append("This reminder is late: the server was stopped at its time.")
    }
    lines.append("")
    lines.append("Snooze or dismiss it in the page, or with todo tui.")
    return MailMessage(
      from: settings.relay.from, to: [recipient.address], subject: "Reminder: \(reminder.title)",
      body: lines.joined(separator: "\n"), date: reminder.since)
  }

  // MARK: - Morning digests

  /// Sends the morning digests until cancelled: at the digest time in each person's zone
  /// (or within ``MailSettings/digestCatchUp`` after it, when the server was stopped then),
  /// once a day per person across servers (``TodoService/claimDigest(for:day:)``).
  func runDigests(service: TodoService) async {
    while !Task.isCancelled {
      var next = Date().addingTimeInterval(3_600)
      do {
        for recipient in try await digestRecipients(service: service) {
          let now = Date()
          let (due, day) = digestMoment(on: now, in: recipient.timeZone)
          if now >= due, now.timeIntervalSince(due) <= settings.digestCatchUp {
            try await sendDigest(to: recipient, day: day, service: service)
          }
          let upcoming = now < due ? due : digestMoment(on: due + 86_400, in: recipient.timeZone).0
          next = min(next, upcoming)
        }
      } catch {
        logger.error("morning digests: \(error)")
      }
      // Re-read at least hourly: a person who asks for the digest gets it the next morning.
      let wait = max(1, next.timeIntervalSinceNow)
      try? await Task.sleep(for: .milliseconds(Int64(wait * 1_000)))
    }
  }

  private func digestRecipients(service: TodoService) async throws -> [MailRecipient] {
    var recipients = try await service.digestRecipients()
    if settings.singleUserDigest, let address = settings.singleUserAddress {
      recipients.append(MailRecipient(accountID: nil, address: address, timeZone: .current))
    }
    return recipients
  }

  /// The digest moment of the day of `date` in `zone`, and that day as `yyyy-MM-dd`.
  func digestMoment(on date: Date, in zone: TimeZone) -> (Date, String) {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    let parts = calendar.dateComponents([.year, .month, .day], from: date)
    let moment =
      calendar.date(
        from: DateComponents(
          year: parts.year, month: parts.month, day: parts.day, hour: settings.digestTime.hour,
          minute: settings.digestTime.minute)) ?? date
    let day = String(
      format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    return (moment, day)
  }

  private func sendDigest(to recipient: MailRecipient, day: String, service: TodoService)
    async throws
  {
    let person: TodoService
    if let accountID = recipient.accountID {
      guard let account = try await service.accounts().first(where: { $0.id == accountID })
      else { return }
      person = service.acting(as: Principal(account))
    } else {
      person = service
    }
    let contents = try await person.digestContents(at: Date(), in: recipient.timeZone)
    guard !contents.today.isEmpty || !contents.overdue.isEmpty else { return }
    guard try await service.claimDigest(for: recipient.accountID, day: day) else { return }
    try await client.send(digest(contents, to: recipient))
    logger.info("mailed the morning digest of \(day)")
  }

  /// The digest's e-mail: today's todos, then the overdue ones, each with its deadline.
  func digest(_ contents: DigestContents, to recipient: MailRecipient) -> MailMessage {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = recipient.timeZone
    let day = AgendaDay(now: Date(), calendar: calendar)
    func line(_ todo: Todo) -> String {
      "- \(todo.title)" + (todo.deadline.map { " (\($0.label(on: day)))" } ?? "")
    }
    var lines: [String] = []
    if !contents.today.isEmpty {
      lines.append("Today")
      lines += contents.today.map(line)
      lines.append("")
    }
    if !contents.overdue.isEmpty {
      lines.append("Overdue")
      lines += contents.overdue.map(line)
      lines.append("")
    }
    let count = contents.today.count + contents.overdue.count
    return MailMessage(
      from: settings.relay.from, to: [recipient.address],
      subject: "Today: \(count) todo\(count == 1 ? "" : "s")"
        + (contents.overdue.isEmpty ? "" : ", \(contents.overdue.count) overdue"),
      body: lines.joined(separator: "\n"))
  }
}
