import ArgumentParser
import Foundation

/// Running a command's body: errors are printed on stderr as `Error: …` and end the process
/// with their exit status.
enum CommandRunner {
  /// Opens the backend the options name, runs `body` with it, closes it, and turns any error
  /// into a message on stderr and an `ExitCode`.
  static func run(
    _ options: BackendOptions, _ body: (any TodoBackend) async throws -> Void
  ) async throws {
    try await run(open: options.openBackend, close: { await $0.close() }, body)
  }

  /// Opens what a command works on (a backend, a database) with `open`, runs `body` with it,
  /// closes it with `close` however `body` ends, and turns any error into a message on
  /// stderr and an `ExitCode`; an `ExitCode` that `body` throws passes as it is.
  static func run<Resource>(
    open: () async throws -> Resource, close: (Resource) async -> Void,
    _ body: (Resource) async throws -> Void
  ) async throws {
    let resource: Resource
    do {
      resource = try await open()
    } catch {
      throw fail(error)
    }
    do {
      try await body(resource)
      await close(resource)
    } catch let exit as ExitCode {
      await close(resource)
      throw exit
    } catch {
      await close(resource)
      throw fail(error)
    }
  }

  /// Prints the error on stderr and returns the exit code to throw.
  static func fail(_ error: any Error) -> ExitCode {
    let failure = CLIError(error)
    Console.error("Error: \(failure.message)")
    return ExitCode(failure.status.rawValue)
  }
}
