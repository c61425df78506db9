import Configuration

/// The type of an option of `todo serve` that sets a ``ServeSetting``: how its value becomes
/// the flags' layer of ``ServeConfiguration``, said once for every option of that type.
protocol ServeFlagValue {
  /// The value as swift-configuration holds it, or `nil` when it sets nothing.
  var configContent: ConfigContent? { get }
}

extension String: ServeFlagValue {
  var configContent: ConfigContent? { .string(self) }
}

extension Int: ServeFlagValue {
  var configContent: ConfigContent? { .int(self) }
}

extension Double: ServeFlagValue {
  var configContent: ConfigContent? { .double(self) }
}

extension Bool: ServeFlagValue {
  var configContent: ConfigContent? { .bool(self) }
}

extension Array: ServeFlagValue where Element == String {
  /// A repeatable option given no times sets nothing, so the environment or the file may.
  var configContent: ConfigContent? { isEmpty ? nil : .stringArray(self) }
}

extension ServeSetting {
  /// The values options give, by setting: those given, each as its type turns it into
  /// configuration (``ServeFlagValue``).
  static func flagValues(_ options: KeyValuePairs<ServeSetting, (any ServeFlagValue)?>)
    -> [ServeSetting: ConfigContent]
  {
    var values: [ServeSetting: ConfigContent] = [:]
    for (setting, value) in options {
      if let content = value?.configContent { values[setting] = content }
    }
    return values
  }
}
