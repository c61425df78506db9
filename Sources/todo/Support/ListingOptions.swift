import ArgumentParser

/// The options of the commands that show what they read from the backend and nothing more
/// (`todo lists`, `todo tags`, `todo filters`): the backend and `--json`.
struct ListingOptions: ParsableArguments {
  @OptionGroup var backend: BackendOptions
  @OptionGroup var output: OutputOptions

  /// Opens the backend, reads the items with `read` and prints them as
  /// ``OutputOptions/printListing(_:empty:text:)`` does; `text` gets the items and the open
  /// backend.
  func show<Items: Collection & Encodable>(
    empty: String? = nil, read: (any TodoBackend) async throws -> Items,
    text: (Items, any TodoBackend) async throws -> Void
  ) async throws {
    try await CommandRunner.run(backend) { backend in
      let items = try await read(backend)
      try await output.printListing(items, empty: empty) { try await text(items, backend) }
    }
  }
}
