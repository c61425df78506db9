import ArgumentParser
import TodoCore
import TodoServer

/// How `todo user add` and `todo user passwd` get a user's new password: asked twice on the
/// terminal, or read as one line of stdin with `--password-stdin`.
struct NewPasswordOptions: ParsableArguments {
  @Flag(help: "Read the password as one line of stdin instead of asking.")
  var passwordStdin = false

  /// Reads a new password for the user `name`, checks it against the password rules, and
  /// returns its bcrypt hash, the only form of it that is stored.
  ///
  /// - Throws: `CLIError.invalid` when no password can be read or the rules refuse it.
  func hash(for name: String) async throws -> String {
    let password = try PasswordInput.newPassword(for: name, fromStdin: passwordStdin) {
      try AccountValidation.newPassword($0, name: name)
    }
    return await PasswordHasher().hash(password)
  }
}
