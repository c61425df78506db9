import Configuration
import Foundation
import SystemPackage

/// The settings of `todo serve` read from its three layers, each through swift-configuration's
/// provider for it: the flags given (an in-memory provider), the environment (`TODO_…`), then
/// the configuration file (JSON); a setting none of them gives has its default.
///
/// Every value remembers where it came from, so a bad one is reported as the person wrote it
/// (`TODO_PORT=80a`, `"port": "80"` in the file, `--port 99999`), and `todo config check`
/// shows the effective settings with their sources.
struct ServeConfiguration: Sendable {
  /// A setting's effective value and where it came from.
  struct Resolved: Sendable {
    /// The value, or `nil` when no layer gives one (then the default applies).
    var content: ConfigContent?
    /// Where it came from.
    var source: Source
  }

  /// Where a setting's value came from.
  enum Source: Sendable, Hashable {
    /// A flag on the command line.
    case flag(String)
    /// An environment variable.
    case environment(String)
    /// A key of the configuration file.
    case file(key: String, path: String)
    /// No layer set it.
    case unset

    /// Whether it is an environment variable.
    var isEnvironment: Bool {
      if case .environment = self { true } else { false }
    }

    /// Where, as a person reads it: `--port`, `TODO_PORT`, `"port" in /etc/todo/todo.json`.
    var label: String {
      switch self {
      case .flag(let name): name
      case .environment(let name): "$\(name)"
      case .file(let key, let path): "\"\(key)\" in \(path)"
      case .unset: "default"
      }
    }
  }

  /// The effective value of every setting, by key.
  private(set) var values: [String: Resolved] = [:]
  /// The configuration file read, if any.
  let file: String?

  /// Reads every setting from the flags, the environment and the file.
  ///
  /// - Parameters:
  ///   - flags: The values the command line gave, by setting.
  ///   - environment: The process environment.
  ///   - file: The configuration file (`--config`, else `$TODO_CONFIG`), if any.
  /// - Throws: ``ConfigurationError`` listing every unknown key, unreadable file and value of
  ///   the wrong type, each with where it came from.
  init(flags: [ServeSetting: ConfigContent], environment: [String: String], file: String?)
    async throws(ConfigurationError)
  {
    self.file = file
    var problems: [String] = []
    var layers: [(provider: any ConfigProvider, source: (String) -> Source)] = []
    var flagValues: [AbsoluteConfigKey: ConfigValue] = [:]
    for (setting, content) in flags {
      flagValues[AbsoluteConfigKey([setting.key])] = ConfigValue(content, isSecret: false)
    }
    layers.append(
      (InMemoryProvider(name: "flags", values: flagValues), { key in .flag("--\(key)") }))
    let secretNames = Set(ServeSetting.all.filter(\.isSecret).map(\.environmentVariable))
    let environmentProvider = EnvironmentVariablesProvider(
      environmentVariables: environment,
      secretsSpecifier: .specific(secretNames))
    layers.append(
      (
        environmentProvider.prefixKeys(with: ConfigKey(["todo"])),
        { key in .environment(ServeSetting.named(key)?.environmentVariable ?? key) }
      ))
    if let file {
      do {
        let provider = try await Self.fileProvider(file)
        layers.append((provider, { key in .file(key: key, path: file) }))
      } catch {
        problems.append(error.message)
      }
    }

    for setting in ServeSetting.all {
      var resolved = Resolved(content: nil, source: .unset)
      search: for layer in layers {
        let source = layer.source(setting.key)
        if setting.isSecret, case .flag = source { continue }
        do {
          let result = try layer.provider.value(
            forKey: AbsoluteConfigKey([setting.key]), type: setting.kind.configType)
          // An empty variable (`TODO_DB=`) is an unset one, as shells and unit files write it.
          if let value = result.value, !(source.isEnvironment && value.content == .string("")) {
            resolved = Resolved(content: value.content, source: source)
            break search
          }
        } catch {
          let written =
            if case .environment(let name) = source, let value = environment[name] {
              setting.isSecret ? "$\(name)" : "$\(name)=\(value)"
            } else {
              source.label
            }
          problems.append("\(written) is not \(setting.kind.noun)")
          break search
        }
        // Hosting platforms name the database $DATABASE_URL: after $TODO_DB, before the file.
        if setting == .database, case .environment = source,
          let url = environment["DATABASE_URL"], !url.isEmpty
        {
          resolved = Resolved(content: .string(url), source: .environment("DATABASE_URL"))
          break search
        }
      }
      values[setting.key] = resolved
    }
    if !problems.isEmpty { throw ConfigurationError(problems: problems) }
  }

  /// The file's provider, after checking that it is a JSON object of known keys.
  private static func fileProvider(_ path: String) async throws(ConfigurationError)
    -> FileProvider<JSONSnapshot>
  {
    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      throw ConfigurationError(problems: ["the configuration file \(path) cannot be read"])
    }
    let object: Any
    do {
      object = try JSONSerialization.jsonObject(with: data)
    } catch {
      throw ConfigurationError(problems: [
        "the configuration file \(path) is not JSON: \(Self.reason(error))"
      ])
    }
    guard let keys = (object as? [String: Any])?.keys else {
      throw ConfigurationError(problems: [
        "the configuration file \(path) must hold one JSON object, { \"port\": 8080, … }"
      ])
    }
    let unknown = keys.filter { ServeSetting.named($0) == nil }.sorted()
    if !unknown.isEmpty {
      throw ConfigurationError(
        problems: unknown.map { key in
          let hint = ServeSetting.closest(to: key).map { " (did you mean \"\($0.key)\"?)" } ?? ""
          return "\"\(key)\" in \(path) is not a setting\(hint); `todo config check --help` "
            + "lists them"
        })
    }
    let secrets = Set(ServeSetting.all.filter(\.isSecret).map(\.key))
    do {
      return try await FileProvider<JSONSnapshot>(
        parsingOptions: JSONSnapshot.ParsingOptions(secretsSpecifier: .specific(secrets)),
        filePath: FilePath(path))
    } catch {
      throw ConfigurationError(problems: ["the configuration file \(path): \(error)"])
    }
  }

  /// What JSONSerialization says is wrong, without Foundation's error boilerplate.
  private static func reason(_ error: any Error) -> String {
    let nsError = error as NSError
    return (nsError.userInfo[NSDebugDescriptionErrorKey] as? String) ?? "\(error)"
  }

  /// The effective value of `setting` and its source.
  func resolved(_ setting: ServeSetting) -> Resolved {
    values[setting.key] ?? Resolved(content: nil, source: .unset)
  }

  /// The string value of a setting, if set.
  func string(_ setting: ServeSetting) -> String? {
    if case .string(let value)? = resolved(setting).content { return value }
    return nil
  }

  /// The whole-number value of a setting, if set.
  func int(_ setting: ServeSetting) -> Int? {
    if case .int(let value)? = resolved(setting).content { return value }
    return nil
  }

  /// The number value of a setting, if set.
  func seconds(_ setting: ServeSetting) -> Double? {
    switch resolved(setting).content {
    case .double(let value)?: value
    case .int(let value)?: Double(value)
    default: nil
    }
  }

  /// The boolean value of a setting, if set.
  func bool(_ setting: ServeSetting) -> Bool? {
    if case .bool(let value)? = resolved(setting).content { return value }
    return nil
  }

  /// The list value of a setting, if set.
  func strings(_ setting: ServeSetting) -> [String]? {
    if case .stringArray(let value)? = resolved(setting).content { return value }
    return nil
  }

  /// The setting as its source spelled it, for an error message: `--port 99999`,
  /// `$TODO_PORT=99999`, `"port": 99999 in todo.json`; a secret's value is never shown.
  func written(_ setting: ServeSetting) -> String {
    let resolved = resolved(setting)
    let value = setting.isSecret ? "…" : resolved.content.map(Self.text).map(Self.redacted) ?? ""
    switch resolved.source {
    case .flag(let name): return "\(name) \(value)"
    case .environment(let name): return "$\(name)=\(value)"
    case .file(let key, let path): return "\"\(key)\": \(value) in \(path)"
    case .unset: return setting.key
    }
  }

  /// `text` with the password of any URL in it (`scheme://user:password@host`) masked.
  static func redacted(_ text: String) -> String {
    text.replacing(/(:\/\/[^\/:@\s]*):[^@\/\s]*@/) { match in "\(match.output.1):********@" }
  }

  /// A value as text, lists comma-separated.
  static func text(_ content: ConfigContent) -> String {
    switch content {
    case .string(let value): value
    case .int(let value): String(value)
    case .double(let value): value == value.rounded() ? String(Int(value)) : String(value)
    case .bool(let value): String(value)
    case .stringArray(let value): value.joined(separator: ",")
    default: "\(content)"
    }
  }
}

/// Settings that cannot be used, each with where it came from.
struct ConfigurationError: Error, CustomStringConvertible {
  /// One line per problem.
  var problems: [String]

  /// The problems, one a line, each line after the first with the `Error: ` that
  /// ``CommandRunner/fail(_:)`` puts before the first.
  var message: String { problems.joined(separator: "\nError: ") }
  var description: String { message }
}

extension ServeSetting.Kind {
  /// The type swift-configuration reads the value as.
  var configType: ConfigType {
    switch self {
    case .string: .string
    case .int: .int
    case .seconds: .double
    case .bool: .bool
    case .strings: .stringArray
    }
  }

  /// What a value must be, for an error: "a whole number".
  var noun: String {
    switch self {
    case .string: "a string"
    case .int: "a whole number"
    case .seconds: "a number of seconds"
    case .bool: "true or false"
    case .strings: "a list of strings"
    }
  }
}

extension ServeSetting {
  /// The setting whose key is nearest to a misspelt one (at most two edits away), if any.
  static func closest(to key: String) -> ServeSetting? {
    all.map { ($0, editDistance($0.key, key)) }.filter { $0.1 <= 2 }.min { $0.1 < $1.1 }?.0
  }

  /// Levenshtein distance between two short strings.
  private static func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    var previous = Array(0...b.count)
    for i in 1...max(a.count, 1) where !a.isEmpty {
      var current = [i] + Array(repeating: 0, count: b.count)
      for j in 1...max(b.count, 1) where !b.isEmpty {
        current[j] = min(
          previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
      }
      previous = current
    }
    return previous[b.count]
  }
}
