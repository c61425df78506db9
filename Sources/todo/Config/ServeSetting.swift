/// One setting of `todo serve`, named the same way in its three places: the key of the
/// configuration file (`db-pool-size`), the environment variable (`TODO_DB_POOL_SIZE`) and the
/// flag (`--db-pool-size`). A secret has no flag: a command line is visible to every user of
/// the machine (`ps`), so it comes from the environment or the configuration file only.
struct ServeSetting: Sendable, Hashable {
  /// The type of a setting's value, as the configuration file writes it.
  enum Kind: Sendable, Hashable {
    /// A string.
    case string
    /// A whole number.
    case int
    /// A number of seconds (a fraction allowed).
    case seconds
    /// `true` or `false` (in the environment also `1`/`0`, `yes`/`no`).
    case bool
    /// A list of strings (a JSON array; comma-separated in the environment).
    case strings
  }

  /// The key in the configuration file and, with `--`, the flag.
  let key: String
  /// The type of its value.
  let kind: Kind
  /// The value when nothing sets it, as `todo config check` shows it (`nil`: unset).
  let defaultValue: String?
  /// Whether the value is a password: masked when shown, refused from a flag.
  let isSecret: Bool

  /// The flag that sets it on the command line, or `nil` for a secret.
  var flag: String? { isSecret ? nil : "--\(key)" }

  /// The environment variable that sets it: `TODO_` and the key in upper case with `_`.
  var environmentVariable: String {
    "TODO_" + key.uppercased().map { $0.isLetter || $0.isNumber ? $0 : "_" }
  }

  /// Every name of it, for a message: `smtp-from (--smtp-from, $TODO_SMTP_FROM)`.
  var names: String {
    "\(key) (" + (flag.map { "\($0), " } ?? "") + "$\(environmentVariable))"
  }

  private init(
    _ key: String, _ kind: Kind, default defaultValue: String? = nil, secret: Bool = false
  ) {
    self.key = key
    self.kind = kind
    self.defaultValue = defaultValue
    self.isSecret = secret
  }

  static let host = ServeSetting("host", .string, default: "127.0.0.1")
  static let port = ServeSetting("port", .int, default: "8080")
  static let database = ServeSetting("db", .string)
  static let databasePassword = ServeSetting("db-password", .string, secret: true)
  static let databasePasswordFile = ServeSetting("db-password-file", .string)
  static let databasePoolSize = ServeSetting("db-pool-size", .int, default: "10")
  static let databaseTimeout = ServeSetting("db-timeout", .seconds, default: "10")
  static let publicURL = ServeSetting("public-url", .string)
  static let allowOrigin = ServeSetting("allow-origin", .strings, default: "[]")
  static let todoBackendCORS = ServeSetting("todo-backend-cors", .bool, default: "false")
  static let accounts = ServeSetting("accounts", .bool, default: "false")
  static let headerTimeout = ServeSetting("header-timeout", .seconds, default: "20")
  static let bodyTimeout = ServeSetting("body-timeout", .seconds, default: "60")
  static let idleTimeout = ServeSetting("idle-timeout", .seconds, default: "75")
  static let shutdownGrace = ServeSetting("shutdown-grace", .seconds, default: "5")
  static let maxConnections = ServeSetting("max-connections", .int, default: "512")
  static let timeZone = ServeSetting("time-zone", .string)
  static let smtpURL = ServeSetting("smtp-url", .string)
  static let smtpFrom = ServeSetting("smtp-from", .string)
  static let smtpPassword = ServeSetting("smtp-password", .string, secret: true)
  static let smtpPasswordFile = ServeSetting("smtp-password-file", .string)
  static let smtpCAFile = ServeSetting("smtp-ca-file", .string)
  static let mailTo = ServeSetting("mail-to", .string)
  static let digest = ServeSetting("digest", .bool, default: "false")
  static let digestAt = ServeSetting("digest-at", .string, default: "07:00")
  static let logFormat = ServeSetting("log-format", .string, default: "text")
  static let backupEvery = ServeSetting("backup-every", .string)
  static let backupKeep = ServeSetting("backup-keep", .int, default: "7")
  static let backupDirectory = ServeSetting("backup-dir", .string)
  static let syncRetention = ServeSetting("sync-retention", .string, default: "90d")
  static let trustedProxy = ServeSetting("trusted-proxy", .strings, default: "[]")
  static let metricsListen = ServeSetting("metrics-listen", .string)
  static let metricsToken = ServeSetting("metrics-token", .string, secret: true)

  /// Every setting, in the order `todo config check` lists them.
  static let all: [ServeSetting] = [
    host, port, database, databasePassword, databasePasswordFile, databasePoolSize,
    databaseTimeout, publicURL, allowOrigin, todoBackendCORS, accounts, headerTimeout,
    bodyTimeout, idleTimeout, shutdownGrace, maxConnections, timeZone, smtpURL, smtpFrom,
    smtpPassword, smtpPasswordFile, smtpCAFile, mailTo, digest, digestAt, logFormat,
    metricsListen, metricsToken, backupEvery, backupKeep, backupDirectory, syncRetention,
    trustedProxy,
  ]

  /// The setting whose key is `key`, if any.
  static func named(_ key: String) -> ServeSetting? {
    all.first { $0.key == key }
  }
}
