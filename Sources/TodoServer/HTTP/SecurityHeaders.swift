import HTTPTypes

/// The headers every response carries, whichever layer writes it: the router's middleware
/// for routes and files, the connection guard for the errors it answers itself.
enum SecurityHeaders {
  /// The fields, the content security policy `policy` first.
  static func fields(policy: String) -> HTTPFields {
    [
      .contentSecurityPolicy: policy,
      .xContentTypeOptions: "nosniff",
      .referrerPolicy: "no-referrer",
      .crossOriginOpenerPolicy: "same-origin",
    ]
  }
}

extension HTTPField.Name {
  /// `Referrer-Policy`.
  static var referrerPolicy: Self { .init("Referrer-Policy")! }
  /// `Cross-Origin-Opener-Policy`.
  static var crossOriginOpenerPolicy: Self { .init("Cross-Origin-Opener-Policy")! }
  /// `Sec-Fetch-Site`.
  static var secFetchSite: Self { .init("Sec-Fetch-Site")! }
}
