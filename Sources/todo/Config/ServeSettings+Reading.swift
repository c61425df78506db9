import Configuration

extension ServeSettings {
  /// Reads the settings of `todo serve` from its three layers and checks them, as `todo serve`
  /// runs with them and `todo config check` shows them.
  ///
  /// - Parameters:
  ///   - flags: The values the command line gives, by setting.
  ///   - file: The `--config` file or argument; without it, `$TODO_CONFIG` unless empty.
  ///   - environment: The process environment.
  /// - Returns: The settings with where each came from, and what they make.
  /// - Throws: `CLIError.invalid` listing every bad setting with where it came from.
  static func read(
    flags: [ServeSetting: ConfigContent], file: String?, environment: [String: String]
  ) async throws -> (configuration: ServeConfiguration, settings: ServeSettings) {
    do {
      let configuration = try await ServeConfiguration(
        flags: flags, environment: environment,
        file: file ?? environment["TODO_CONFIG"].flatMap { $0.isEmpty ? nil : $0 })
      return (configuration, try ServeSettings(configuration, environment: environment))
    } catch {
      throw CLIError.invalid(error.message)
    }
  }
}
