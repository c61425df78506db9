import Foundation
import Testing

/// `todo serve`'s settings from a file, the environment and flags, and `todo config check`.
@Suite("configuration of todo serve")
struct ConfigurationTests {
  /// Writes `text` to a file of the CLI's directory and returns its path.
  static func file(_ cli: CLI, _ name: String, _ text: String) throws -> String {
    let url = cli.directory.appendingPathComponent(name)
    try text.write(to: url, atomically: true, encoding: .utf8)
    return url.path
  }

  /// The source column of `key`'s row in `todo config check`'s output.
  static func row(_ output: String, _ key: String) -> [String] {
    let line = output.split(separator: "\n").first { $0.hasPrefix(key + " ") } ?? ""
    return line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
  }

  @Test("a flag beats the environment, which beats the file, which beats the default")
  func precedence() throws {
    var cli = try CLI()
    defer { cli.cleanUp() }
    let path = try Self.file(
      cli, "todo.json",
      #"{"port": 9001, "idle-timeout": 30, "host": "127.0.0.2", "allow-origin": ["https://a.example"]}"#
    )
    cli.environment["TODO_PORT"] = "9002"
    cli.environment["TODO_MAX_CONNECTIONS"] = "64"
    let check = try cli.run(["config", "check", path])
    #expect(check.status == 0, "\(check.stderr)")
    #expect(Self.row(check.stdout, "port") == ["port", "9002", "$TODO_PORT"])
    #expect(
      Self.row(check.stdout, "idle-timeout") == [
        "idle-timeout", "30", "\"idle-timeout\"", "in", path,
      ])
    #expect(Self.row(check.stdout, "host") == ["host", "127.0.0.2", "\"host\"", "in", path])
    #expect(
      Self.row(check.stdout, "max-connections") == [
        "max-connections", "64", "$TODO_MAX_CONNECTIONS",
      ])
    #expect(
      Self.row(check.stdout, "allow-origin") == [
        "allow-origin", "https://a.example", "\"allow-origin\"", "in", path,
      ])
    #expect(Self.row(check.stdout, "body-timeout") == ["body-timeout", "60", "default"])

    // $TODO_CONFIG names the file when no argument does.
    cli.environment["TODO_CONFIG"] = path
    let fromEnvironment = try cli.run(["config", "check"])
    #expect(
      Self.row(fromEnvironment.stdout, "host") == ["host", "127.0.0.2", "\"host\"", "in", path])
  }

  @Test("todo serve runs with the file's settings, a flag overriding one")
  func serveReadsTheFile() throws {
    var cli = try CLI()
    defer { cli.cleanUp() }
    // The file's port is refused by itself; the flag's replaces it, and nothing else is read.
    let path = try Self.file(
      cli, "todo.json", #"{"port": 99999, "host": "localhost", "max-connections": 3}"#)
    let refused = try cli.run(["serve", "--config", path])
    #expect(refused.status == 1)
    #expect(refused.stderr == "Error: \"port\": 99999 in \(path) must be between 0 and 65535\n")

    let server = try TestServer(
      database: cli.database, directory: cli.directory, arguments: ["--config", path])
    defer { _ = server.stop() }
    #expect(server.host == "localhost")
    cli.environment["TODO_SERVER"] = server.url
    let added = try cli.run(["add", "Call"])
    #expect(added.status == 0, "\(added.stderr)")
  }

  @Test("each bad setting is named as its source wrote it, all at once")
  func errors() throws {
    var cli = try CLI()
    defer { cli.cleanUp() }
    let unknown = try Self.file(cli, "unknown.json", #"{"prot": 9000, "colour": "red"}"#)
    let result = try cli.run(["config", "check", unknown])
    #expect(result.status == 1)
    #expect(
      result.stderr == """
        Error: "colour" in \(unknown) is not a setting; `todo config check --help` lists them
        Error: "prot" in \(unknown) is not a setting (did you mean "port"?); `todo config check --help` lists them

        """)

    let typed = try Self.file(
      cli, "typed.json", #"{"port": "80", "accounts": "yes", "header-timeout": -1}"#)
    cli.environment["TODO_DB_POOL_SIZE"] = "ten"
    let wrong = try cli.run(["config", "check", typed])
    #expect(wrong.status == 1)
    #expect(wrong.stderr.contains("Error: \"port\" in \(typed) is not a whole number\n"))
    #expect(wrong.stderr.contains("Error: \"accounts\" in \(typed) is not true or false\n"))
    #expect(wrong.stderr.contains("Error: $TODO_DB_POOL_SIZE=ten is not a whole number\n"))
    cli.environment["TODO_DB_POOL_SIZE"] = nil

    let range = try Self.file(cli, "range.json", #"{"header-timeout": -1, "host": "0.0.0.0"}"#)
    let ranges = try cli.run(["config", "check", range])
    #expect(
      ranges.stderr.contains(
        "Error: \"header-timeout\": -1 in \(range) must be a number of seconds between 0 and 86400\n"
      ))
    #expect(
      ranges.stderr.contains("Error: \"host\": 0.0.0.0 in \(range) lets other machines connect"))

    for (name, text, said) in [
      ("broken.json", "{\"port\": ", "is not JSON"),
      ("list.json", "[1, 2]", "must hold one JSON object"),
    ] {
      let path = try Self.file(cli, name, text)
      let bad = try cli.run(["config", "check", path])
      #expect(bad.status == 1)
      #expect(
        bad.stderr.hasPrefix("Error: the configuration file \(path) \(said)"), "\(bad.stderr)")
    }
    let missing = try cli.run([
      "serve", "--config", cli.directory.appendingPathComponent("no.json").path,
    ])
    #expect(missing.status == 1)
    #expect(missing.stderr.contains("cannot be read"))
  }

  @Test("passwords come from the environment or a file, are masked, and never from a flag")
  func secrets() throws {
    var cli = try CLI()
    defer { cli.cleanUp() }
    let passwordFile = try Self.file(cli, "db-password", "s3cret-from-file\n")
    let path = try Self.file(
      cli, "todo.json",
      """
      {"db": "postgresql://todo@127.0.0.1:1/todo", "db-password-file": "\(passwordFile)",
       "smtp-url": "smtp://mailer@127.0.0.1:2525", "smtp-from": "todo@example.org"}
      """)
    cli.environment["TODO_SMTP_PASSWORD"] = "s3cret-from-env"
    // The file's database, not the one the test's environment names.
    cli.environment["TODO_DB"] = ""
    let check = try cli.run(["config", "check", path])
    #expect(check.status == 0, "\(check.stderr)")
    #expect(
      Self.row(check.stdout, "smtp-password") == [
        "smtp-password", "********", "$TODO_SMTP_PASSWORD",
      ])
    #expect(!check.stdout.contains("s3cret"))

    // A password in the database URL of a flag is refused, and not repeated.
    let flag = try cli.run(["serve", "--db", "postgresql://todo:hunter2@127.0.0.1:1/todo"])
    #expect(flag.status == 1)
    #expect(flag.stderr.contains("a password on the command line is visible"))
    #expect(!flag.stderr.contains("hunter2"))
    // There is no flag for a password at all.
    let noFlag = try cli.run(["serve", "--smtp-password", "x"])
    #expect(noFlag.status == 64)

    // A password both in the environment and in a file is ambiguous.
    cli.environment["TODO_DB_PASSWORD"] = "other"
    let both = try cli.run(["config", "check", path])
    #expect(both.status == 1)
    #expect(both.stderr.contains("and $TODO_DB_PASSWORD both give the password"))
    #expect(!both.stderr.contains("other"))
  }

  @Test("todo healthcheck exits 0 while the server is ready, 4 once it is gone")
  func healthcheck() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let server = try TestServer(database: cli.database, directory: cli.directory)
    let ready = try cli.run(["healthcheck", server.url])
    #expect(ready.status == 0, "\(ready.stderr)")
    #expect(ready.stdout == "ready\n")
    _ = server.stop()
    let gone = try cli.run(["healthcheck", server.url, "--timeout", "1"])
    #expect(gone.status == 4)
    #expect(gone.stderr.hasPrefix("Error: cannot reach the server at \(server.url)"))
    let bad = try cli.run(["healthcheck", "ftp://example.org"])
    #expect(bad.status == 64)
  }
}
