import ArgumentParser
import Foundation
import TodoCore

/// How a command names a todo: `N`, the number the last listing showed, or its identifier (a
/// full UUID or an unambiguous prefix of at least 8 hexadecimal digits).
enum TodoReference: ExpressibleByArgument, CustomStringConvertible, Equatable {
  /// A number of the last listing (1-based).
  case number(Int)
  /// A full identifier.
  case id(UUID)
  /// The beginning of an identifier, lowercased (dashes kept as typed).
  case prefix(String)

  /// The shortest identifier prefix accepted.
  static let minimumPrefixLength = 8

  init?(argument: String) {
    let text = argument.trimmingCharacters(in: .whitespaces)
    if let id = UUID(uuidString: text) {
      self = .id(id)
    } else if text.count < Self.minimumPrefixLength, let number = Int(text),
      text.allSatisfy(\.isASCII)
    {
      guard number >= 1 else { return nil }
      self = .number(number)
    } else if text.count >= Self.minimumPrefixLength, text.count < 36,
      text.allSatisfy({ $0.isHexDigit || $0 == "-" })
    {
      self = .prefix(text.lowercased())
    } else {
      return nil
    }
  }

  var description: String {
    switch self {
    case .number(let number): "\(number)"
    case .id(let id): id.uuidString.lowercased()
    case .prefix(let prefix): prefix
    }
  }

  static var defaultCompletionKind: CompletionKind { .default }

  /// The identifier this reference names in `backend`.
  ///
  /// - Throws: `CLIError.notFound` for a number the last listing did not show or a prefix no
  ///   todo has; `CLIError.invalid` for a prefix several todos share.
  func resolve(in backend: any TodoBackend) async throws -> UUID {
    switch self {
    case .id(let id):
      return id
    case .number(let number):
      guard let numbers = try ListingNumbers.load(from: backend.numbersFile) else {
        throw CLIError.notFound(
          "no listing yet, so number \(number) names nothing; run `todo ls` first")
      }
      return try numbers.id(for: number)
    case .prefix(let prefix):
      let live = try await backend.search(TodoSearch()).map(\.id)
      let trashed = try await backend.trash().todos.map(\.id)
      let matches = Set((live + trashed).filter { $0.uuidString.lowercased().hasPrefix(prefix) })
      guard let first = matches.first else {
        throw CLIError.notFound("no todo has an identifier starting with \(prefix)")
      }
      guard matches.count == 1 else {
        throw CLIError.invalid(
          "\(matches.count) todos have identifiers starting with \(prefix); type more of it")
      }
      return first
    }
  }

  /// The live todo this reference names.
  func todo(in backend: any TodoBackend) async throws -> TodoItem {
    try await backend.todo(id: try await resolve(in: backend))
  }
}

extension TodoItem {
  /// The first 8 characters of the identifier, enough to name the todo in commands.
  var shortID: String { String(id.uuidString.lowercased().prefix(8)) }
}
