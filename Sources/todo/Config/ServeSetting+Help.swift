import ArgumentParser

extension ServeSetting {
  /// The help of the option that sets this setting: `abstract`, then the default that
  /// `todo config check` shows, so that `todo serve --help` says the same one.
  func help(_ abstract: String, discussion: String = "", valueName: String? = nil)
    -> ArgumentHelp
  {
    ArgumentHelp(
      abstract + (defaultValue.map { " (default \($0))." } ?? "."), discussion: discussion,
      valueName: valueName)
  }
}
