import Composable
import Foundation

/// The state a feature of the live page works on: its own state (`Local`), beside the page's
/// data and its last problem, which ``LivePage`` holds once for all its features.
///
/// The page scopes each feature to one of these (``LivePage/State``'s `…Scope` properties):
/// the feature reads the data and may report a problem; what it changes of its own goes back
/// to the page's state. Its own fields read as the scoped state's (`state.confirmDelete`).
///
/// ```swift
/// let store = TestStore(initialState: PageTrash.State(data: data, PageTrash.Local())) {
///   PageTrash()
/// }
/// await store.send(.requestDelete(id)) { $0.confirmDelete = id }
/// ```
@dynamicMemberLookup
public struct PageScoped<Local: Equatable & Sendable>: Equatable, Sendable {
  /// The page's data (``PageData``).
  public var data: PageData
  /// The page's last problem, shown until the next event: a feature reports a refusal here.
  public var problem: String?
  /// The feature's own state.
  public var local: Local

  /// Creates a feature's state.
  public init(data: PageData = PageData(), problem: String? = nil, _ local: Local) {
    self.data = data
    self.problem = problem
    self.local = local
  }

  /// A field of the feature's own state.
  public subscript<Value>(dynamicMember keyPath: WritableKeyPath<Local, Value>) -> Value {
    get { local[keyPath: keyPath] }
    set { local[keyPath: keyPath] = newValue }
  }

  /// `value`, when the page has what an event named; `nil` once the page reports that the
  /// `kind` no longer exists (it was deleted meanwhile), and the event is not applied.
  mutating func found<Value>(_ value: Value?, _ kind: String = "todo") -> Value? {
    if value == nil { reportMissing(kind) }
    return value
  }

  /// Whether the page has what an event named (`present`); when not, the page reports that
  /// the `kind` no longer exists (it was deleted meanwhile), and the event is not applied.
  mutating func found(_ present: Bool, _ kind: String = "todo") -> Bool {
    if !present { reportMissing(kind) }
    return present
  }

  /// Reports that an event named a todo (or a list) the page does not show.
  private mutating func reportMissing(_ kind: String) {
    problem = "That \(kind) no longer exists."
  }

  /// Reports the first text of `texts` with a control character, naming its field
  /// (``TodoValidation/checkCharacters(_:field:)``). Such an event is not applied: nothing
  /// reaches the state or the store.
  ///
  /// - Returns: Whether a text was refused.
  mutating func refuses(_ texts: [(field: String, text: String)]) -> Bool {
    guard let refusal = Self.refusal(of: texts) else { return false }
    problem = refusal
    return true
  }

  /// The refusal of the first text of `texts` with a control character; `nil` if every
  /// text is acceptable.
  static func refusal(of texts: [(field: String, text: String)]) -> String? {
    do {
      for (field, text) in texts { try TodoValidation.checkCharacters(text, field: field) }
      return nil
    } catch {
      return error.description
    }
  }
}

/// An action of a feature of the live page that reports a failed write.
protocol PageFeatureAction: Sendable {
  /// A write failed with this message; the page shows it as its problem.
  static func failed(_ message: String) -> Self
}

extension TodoClient {
  /// Runs a write of a page's feature; its result arrives through the page's observation. A
  /// failure becomes the feature's `failed` action, with the message a person reads.
  func write<Action: PageFeatureAction>(
    _ body: @escaping @Sendable (TodoClient, Send<Action>) async throws -> Void
  ) -> Effect<Action> {
    .run { [self] send in
      try await body(self, send)
    } catch: { error, send in
      send(.failed(TodoClient.message(for: error)))
    }
  }

  /// The message a person reads for an error of a write or a load.
  static func message(for error: any Error) -> String {
    (error as? TodoError)?.description ?? "\(error)"
  }
}
