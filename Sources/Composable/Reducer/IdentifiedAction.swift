/// An action of one element of a collection, tagged with the element's identifier.
///
/// A parent that runs a child feature for every element of an `IdentifiedArray` embeds the
/// child's actions in one case of this type:
///
/// ```swift
/// @CasePathable
/// enum Action {
///   case rows(IdentifiedActionOf<Row>)
/// }
/// // …
/// store.send(.rows(.element(id: row.id, action: .toggleTapped)))
/// ```
@CasePathable
public enum IdentifiedAction<ID: Hashable & Sendable, Action>: CasePathable {
  /// An action sent to the element with the identifier `id`.
  case element(id: ID, action: Action)
}

extension IdentifiedAction: Equatable where Action: Equatable {}
extension IdentifiedAction: Hashable where Action: Hashable {}
extension IdentifiedAction: Sendable where Action: Sendable {}

/// The identified action of a feature whose state is `Identifiable`.
public typealias IdentifiedActionOf<R: Reducer> = IdentifiedAction<R.State.ID, R.Action>
where R.State: Identifiable, R.State.ID: Sendable
