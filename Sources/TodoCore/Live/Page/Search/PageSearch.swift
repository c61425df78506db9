import Composable
import Foundation

/// The live page's search field as a feature: the text the list is filtered by, as typed
/// (case-insensitive, over titles and notes; the rendering does the filtering).
///
/// ```swift
/// let store = TestStore(initialState: PageSearch.State(PageSearch.Local())) { PageSearch() }
/// await store.send(.setText("milk")) { $0.text = "milk" }
/// ```
public struct PageSearch: Reducer {
  /// The search field's text.
  public struct Local: Equatable, Sendable {
    /// The search text; empty for none.
    public var text = ""

    /// Creates an empty search.
    public init() {}
  }

  /// The search's state: its text, beside the page's data and problem.
  public typealias State = PageScoped<Local>

  /// The search's events.
  @CasePathable
  public enum Action: Equatable, Sendable {
    /// Filter by this text, as typed (refused with the page's problem, and the filter kept,
    /// if it has a control character).
    case setText(String)
  }

  /// Creates the feature.
  public init() {}

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .setText(let text):
      guard !state.refuses([("text", text)]) else { return .none }
      state.text = text
      return .none
    }
  }
}
