import Foundation

/// How the server mails reminders and morning digests: the relay, and for a server without
/// accounts the one person's address (with accounts, each person's own, `todo user mail`).
public struct MailSettings: Sendable, Hashable {
  /// The SMTP relay (its password never in logs, ``SMTPRelay/description``).
  public var relay: SMTPRelay
  /// The address of the one person of a server without accounts.
  public var singleUserAddress: String?
  /// Whether the one person of a server without accounts gets the morning digest.
  public var singleUserDigest: Bool
  /// The local time of the morning digest, in each person's zone: hour and minute.
  public var digestTime: (hour: Int, minute: Int)
  /// How long after its time a digest that could not go out (the server was stopped) is still
  /// sent that day.
  public var digestCatchUp: TimeInterval = 3 * 3_600

  /// Creates settings.
  public init(
    relay: SMTPRelay, singleUserAddress: String? = nil, singleUserDigest: Bool = false,
    digestTime: (hour: Int, minute: Int) = (7, 0)
  ) {
    self.relay = relay
    self.singleUserAddress = singleUserAddress
    self.singleUserDigest = singleUserDigest
    self.digestTime = digestTime
  }

  public static func == (lhs: MailSettings, rhs: MailSettings) -> Bool {
    lhs.relay == rhs.relay && lhs.singleUserAddress == rhs.singleUserAddress
      && lhs.singleUserDigest == rhs.singleUserDigest
      && lhs.digestTime.hour == rhs.digestTime.hour
      && lhs.digestTime.minute == rhs.digestTime.minute && lhs.digestCatchUp == rhs.digestCatchUp
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(relay)
    hasher.combine(singleUserAddress)
    hasher.combine(digestTime.hour)
    hasher.combine(digestTime.minute)
  }
}
