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
    let backend: any TodoBackend
    do {
      backend = try await options.openBackend()
    } catch {
      throw fail(error)
    }
    do {
      try await body(backend)
      await backend.close()
    } catch let exit as ExitCode {
      await backend.close()
      throw exit
    } catch {
      await backend.close()
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
