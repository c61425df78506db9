import Foundation
import Persistence
import TodoCore
import TodoServer

/// What `todo serve` runs with: its configuration checked and turned into the server's
/// options. Every problem is collected, so one run of `todo config check` names them all.
struct ServeSettings: Sendable {
  /// The server's options.
  var options: ServerOptions
  /// The time zone of the process (`TZ`), if one is set.
  var timeZone: String?
  /// Seconds requests in flight get on shutdown.
  var shutdownGrace: Double
  /// Where `/metrics` gets a listener of its own, if anywhere.
  var metricsListen: (host: String, port: Int)?
  /// The token that opens `/metrics` on the main port, if it is there.
  var metricsToken: String?

  /// Whether logs are JSON lines, one a request among them.
  var jsonLogs = false

  /// Whether the server counts and exposes metrics.
  var metricsEnabled: Bool { metricsListen != nil || metricsToken != nil }

  /// Checks `configuration` and builds the options it says.
  ///
  /// - Parameter environment: The process environment (the default database's directory).
  /// - Throws: ``ConfigurationError`` naming each bad setting as its source wrote it.
  init(_ configuration: ServeConfiguration, environment: [String: String])
    throws(ConfigurationError)
  {
    var problems: [String] = []
    func problem(_ setting: ServeSetting, _ text: String) {
      problems.append("\(configuration.written(setting)) \(text)")
    }
    let host = configuration.string(.host) ?? "127.0.0.1"
    let port = configuration.int(.port) ?? 8080
    let accounts = configuration.bool(.accounts) ?? false
    if !(0...65_535).contains(port) { problem(.port, "must be between 0 and 65535") }
    if host.isEmpty { problem(.host, "cannot be empty") }
    if !host.isEmpty, !accounts, !Self.isLoopback(host) {
      problem(
        .host,
        "lets other machines connect, and without accounts anyone who reaches the server "
          + "could read and change every list: turn accounts on (--accounts, and a user with "
          + "`todo user add NAME`), or listen on 127.0.0.1")
    }
    let publicURL = configuration.string(.publicURL)
    if let publicURL, ServerOrigins.Origin(publicURL) == nil {
      problem(
        .publicURL, "must be an http or https URL without a path, like https://todo.example.org")
    }
    let allowOrigin = configuration.strings(.allowOrigin) ?? []
    for origin in allowOrigin where ServerOrigins.Origin(origin) == nil {
      problem(.allowOrigin, "names \(origin), which is not an origin; write scheme://host[:port]")
    }
    let timeouts: [(ServeSetting, Double)] = [
      (.headerTimeout, 20), (.bodyTimeout, 60), (.idleTimeout, 75), (.shutdownGrace, 5),
    ]
    var seconds: [ServeSetting: Double] = [:]
    for (setting, fallback) in timeouts {
      let value = configuration.seconds(setting) ?? fallback
      if !(value > 0 && value <= 86_400) {
        problem(setting, "must be a number of seconds between 0 and 86400")
      }
      seconds[setting] = value
    }
    let maxConnections = configuration.int(.maxConnections) ?? 512
    if maxConnections < 1 { problem(.maxConnections, "must be at least 1") }
    let poolSize = configuration.int(.databasePoolSize) ?? 10
    if !(1...1_000).contains(poolSize) { problem(.databasePoolSize, "must be between 1 and 1000") }
    let databaseTimeout = configuration.seconds(.databaseTimeout) ?? 10
    if !(databaseTimeout > 0 && databaseTimeout <= 3_600) {
      problem(.databaseTimeout, "must be a number of seconds between 0 and 3600")
    }
    timeZone = configuration.string(.timeZone)
    if let timeZone, TimeZone(identifier: timeZone) == nil {
      problem(.timeZone, "is not a time zone; write an IANA name such as Europe/Paris")
    }

    var location = StoreLocation.file(DatabasePath.defaultFile(environment: environment))
    if let database = configuration.string(.database) {
      do {
        location = try StoreLocation(parsing: database)
      } catch {
        problems.append("\(configuration.resolved(.database).source.label): \(error)")
      }
    }
    if case .postgres(var postgres) = location {
      if postgres.password != nil, case .flag = configuration.resolved(.database).source {
        problems.append(
          "--db: a password on the command line is visible to every user of this machine; "
            + "set $TODO_DB_PASSWORD or db-password-file instead")
      }
      if let password = Self.secret(
        configuration, .databasePassword, file: .databasePasswordFile, problem: problem)
      {
        postgres.password = password
      }
      postgres.maximumConnections = poolSize
      postgres.requestTimeout = .milliseconds(Int(databaseTimeout * 1_000))
      postgres.connectTimeout = postgres.requestTimeout
      location = .postgres(postgres)
    } else {
      for setting in [ServeSetting.databasePassword, .databasePasswordFile]
      where configuration.resolved(setting).content != nil {
        problem(setting, "is for a PostgreSQL database, and db names none")
      }
    }

    shutdownGrace = seconds[.shutdownGrace] ?? 5
    options = ServerOptions(
      host: host, port: port, database: location,
      publicOrigin: publicURL.flatMap(ServerOrigins.Origin.init),
      allowedOrigins: allowOrigin.compactMap(ServerOrigins.Origin.init),
      todoBackendCORS: configuration.bool(.todoBackendCORS) ?? false,
      accounts: accounts,
      limits: HTTPLimits(
        headerTimeout: .seconds(seconds[.headerTimeout] ?? 20),
        bodyTimeout: .seconds(seconds[.bodyTimeout] ?? 60),
        idleTimeout: .seconds(seconds[.idleTimeout] ?? 75),
        shutdownGrace: .seconds(shutdownGrace),
        maximumConnections: maxConnections))
    options.mail = Self.mail(configuration, problem: problem)
    if let listen = configuration.string(.metricsListen) {
      metricsListen = Self.hostAndPort(listen)
      if metricsListen == nil {
        problem(.metricsListen, "is not HOST:PORT, like 127.0.0.1:9464 or [::1]:9464")
      } else if metricsListen?.port == port, metricsListen?.host == host {
        problem(.metricsListen, "is the address the pages are served on; give another port")
      }
    }
    options.backups = Self.backups(configuration, database: location, problem: problem)
    do {
      options.trustedProxies = try TrustedProxies(
        parsing: configuration.strings(.trustedProxy) ?? [])
    } catch {
      problem(.trustedProxy, "names \(error)")
    }
    switch configuration.string(.syncRetention) ?? "90d" {
    case "forever": options.historyRetention = nil
    case let text:
      if let retention = Self.duration(text), retention >= .seconds(86_400) {
        options.historyRetention = retention
      } else {
        problem(.syncRetention, "is not a duration of a day or more (as 90d), nor forever")
      }
    }
    switch configuration.string(.logFormat) ?? "text" {
    case "text": jsonLogs = false
    case "json": jsonLogs = true
    default: problem(.logFormat, "is neither text nor json")
    }
    options.logRequests = jsonLogs
    metricsToken = configuration.string(.metricsToken)
    if let metricsToken, metricsToken.count < 16 {
      problem(.metricsToken, "is shorter than 16 characters: anyone could guess it")
    }
    if !problems.isEmpty { throw ConfigurationError(problems: problems) }
  }

  /// The backup schedule, or `nil` without `backup-every`.
  private static func backups(
    _ configuration: ServeConfiguration, database: StoreLocation,
    problem: (ServeSetting, String) -> Void
  ) -> BackupSchedule? {
    let keep = configuration.int(.backupKeep) ?? 7
    guard let every = configuration.string(.backupEvery) else {
      for setting in [ServeSetting.backupKeep, .backupDirectory]
      where configuration.resolved(setting).content != nil {
        problem(setting, "needs \(ServeSetting.backupEvery.names): how often to back up")
      }
      return nil
    }
    guard let interval = duration(every) else {
      problem(.backupEvery, "is not a duration; write a number and s, m, h or d, as 1d or 12h")
      return nil
    }
    guard keep >= 1 else {
      problem(.backupKeep, "must be at least 1")
      return nil
    }
    let directory: URL
    if let path = configuration.string(.backupDirectory) {
      directory = URL(fileURLWithPath: path)
    } else if case .file(let url) = database {
      directory = url.deletingLastPathComponent().appendingPathComponent("backups")
    } else {
      problem(.backupEvery, "needs \(ServeSetting.backupDirectory.names) with a database server")
      return nil
    }
    return BackupSchedule(directory: directory, interval: interval, keep: keep)
  }

  /// `90s`, `30m`, `12h`, `1d` as a duration (at least a second), or `nil`.
  static func duration(_ text: String) -> Duration? {
    let units: [Character: Int] = ["s": 1, "m": 60, "h": 3_600, "d": 86_400]
    guard let unit = text.last.flatMap({ units[$0] }), let count = Int(text.dropLast()),
      count >= 1, count <= 100_000
    else { return nil }
    return .seconds(count * unit)
  }

  /// `HOST:PORT` or `[IPv6]:PORT` split, or `nil` when it is neither.
  static func hostAndPort(_ text: String) -> (host: String, port: Int)? {
    guard let colon = text.lastIndex(of: ":"), let port = Int(text[text.index(after: colon)...]),
      (1...65_535).contains(port)
    else { return nil }
    var host = String(text[..<colon])
    if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
    guard !host.isEmpty, !host.contains(" ") else { return nil }
    return (host, port)
  }

  /// Whether `host` is a loopback address or name, which only this machine reaches.
  static func isLoopback(_ host: String) -> Bool {
    let host = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]")).lowercased()
    return host == "localhost" || host == "::1" || host.hasPrefix("127.")
  }

  /// A password from its setting or from the file its `-file` setting names (not both).
  private static func secret(
    _ configuration: ServeConfiguration, _ setting: ServeSetting, file: ServeSetting,
    problem: (ServeSetting, String) -> Void
  ) -> String? {
    let direct = configuration.string(setting)
    guard let path = configuration.string(file) else { return direct }
    if direct != nil {
      problem(
        file, "and \(configuration.resolved(setting).source.label) both give the password; keep one"
      )
      return nil
    }
    do {
      return try String(contentsOfFile: path, encoding: .utf8).trimmingCharacters(in: .newlines)
    } catch {
      problem(file, "cannot be read")
      return nil
    }
  }

  /// The mail settings, or `nil` without an SMTP relay.
  private static func mail(
    _ configuration: ServeConfiguration, problem: (ServeSetting, String) -> Void
  ) -> MailSettings? {
    let digest = configuration.bool(.digest) ?? false
    guard let smtpURL = configuration.string(.smtpURL) else {
      let mailSettings: [ServeSetting] = [
        .smtpFrom, .mailTo, .digest, .smtpPassword, .smtpPasswordFile, .smtpCAFile,
      ]
      for setting in mailSettings
      where configuration.resolved(setting).content != nil && (setting != .digest || digest) {
        problem(setting, "needs \(ServeSetting.smtpURL.names): the relay that sends the mail")
      }
      return nil
    }
    guard let from = configuration.string(.smtpFrom) else {
      problem(.smtpURL, "needs \(ServeSetting.smtpFrom.names): the address the mails come from")
      return nil
    }
    let digestAt = configuration.string(.digestAt) ?? "07:00"
    let time = digestAt.split(separator: ":").compactMap { Int($0) }
    guard time.count == 2, (0..<24).contains(time[0]), (0..<60).contains(time[1]) else {
      problem(.digestAt, "is not a time of day; write HH:mm, as 07:00")
      return nil
    }
    var addresses: [ServeSetting: String] = [:]
    for setting in [ServeSetting.smtpFrom, .mailTo] {
      guard let text = configuration.string(setting) else { continue }
      do {
        addresses[setting] = try TodoService.mailAddress(text)
      } catch {
        problem(setting, "is not usable: \(error)")
        return nil
      }
    }
    let password = secret(configuration, .smtpPassword, file: .smtpPasswordFile, problem: problem)
    do {
      let relay = try SMTPRelay.parse(
        smtpURL, from: addresses[.smtpFrom] ?? from, password: password,
        caFile: configuration.string(.smtpCAFile))
      return MailSettings(
        relay: relay, singleUserAddress: addresses[.mailTo], singleUserDigest: digest,
        digestTime: (time[0], time[1]))
    } catch {
      problem(.smtpURL, "is not usable: \(error)")
      return nil
    }
  }
}
