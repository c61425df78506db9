import ArgumentParser
import Configuration
import Foundation

extension Todo {
  /// `todo config check [FILE]`: what `todo serve` would run with.
  struct Config: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Check the settings of todo serve.",
      subcommands: [Check.self])

    /// `todo config check [FILE]`.
    struct Check: AsyncParsableCommand {
      static let configuration = CommandConfiguration(
        abstract: "Check a configuration file and the environment, and show the effective "
          + "settings of todo serve.",
        discussion: """
          Each setting is a key of the JSON file, an environment variable and (but for a \
          password) a flag of todo serve; a flag beats the environment, which beats the file. \
          Passwords are shown masked. An unknown key or a bad value is an error naming where \
          it came from (exit 1).

          \(Self.settingsTable)
          """)

      @Argument(help: "The configuration file (else $TODO_CONFIG).")
      var file: String?

      func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        let configuration: ServeConfiguration
        do {
          configuration = try await ServeSettings.read(
            flags: [:], file: file, environment: environment
          ).configuration
        } catch {
          throw CommandRunner.fail(error)
        }
        print(Self.table(configuration, environment: environment), terminator: "")
      }

      /// One line per setting: key, effective value (a password masked), and source.
      static func table(_ configuration: ServeConfiguration, environment: [String: String])
        -> String
      {
        let rows = ServeSetting.all.map { setting -> (String, String, String) in
          let resolved = configuration.resolved(setting)
          let value: String
          if let content = resolved.content {
            value =
              setting.isSecret
              ? "********" : ServeConfiguration.redacted(ServeConfiguration.text(content))
          } else if setting == .database {
            value = DatabasePath.defaultFile(environment: environment).path
          } else {
            value = setting.defaultValue ?? "(unset)"
          }
          return (setting.key, value, resolved.source.label)
        }
        let keyWidth = rows.map(\.0.count).max() ?? 0
        let valueWidth = min(rows.map(\.1.count).max() ?? 0, 48)
        return rows.map { key, value, source in
          key.padding(toLength: keyWidth + 2, withPad: " ", startingAt: 0)
            + (value.count < valueWidth
              ? value.padding(toLength: valueWidth, withPad: " ", startingAt: 0) : value)
            + "  " + source + "\n"
        }.joined()
      }

      /// The keys, their environment variables and flags, for `--help`.
      static var settingsTable: String {
        "Settings (key, environment variable, flag):\n"
          + ServeSetting.all.map { setting in
            "  \(setting.key)  $\(setting.environmentVariable)  "
              + (setting.flag ?? "(no flag: a password)")
          }.joined(separator: "\n")
      }
    }
  }
}
