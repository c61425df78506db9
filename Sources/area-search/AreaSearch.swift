import Composable
import Foundation

/// The search screen of the seed article: a list of areas loaded through an API client, a
/// debounced search field that filters by name, a toggle that disables the field, a clear
/// button, and an alert when loading fails.
struct AreaSearch: Reducer {
  struct State: Equatable, Sendable {
    /// The areas shown: sorted by code, filtered by ``query``.
    var areas: [Area] = []
    var query = ""
    var isLoading = false
    var isSearchEnabled = true
    var alert: Alert?

    /// The search field's placeholder, which says when the field is disabled.
    var placeholder: String {
      isSearchEnabled ? "Search prefectures" : "Search disabled"
    }
  }

  struct Alert: Equatable, Sendable {
    var title: String
    var message: String
  }

  /// Why loading failed, in a form state can hold and tests can compare.
  struct LoadFailure: Error, Equatable, Sendable {
    var message: String
  }

  @CasePathable
  enum Action: Equatable, Sendable {
    case onAppear
    case fetch
    case areasResponse(Result<[Area], LoadFailure>)
    case queryChanged(String)
    case searchToggled
    case clearTapped
    case alertDismissed
    case retryTapped
  }

  enum CancelID {
    case request
    case typing
  }

  /// How long typing must pause before a search starts.
  static let debounce = Duration.milliseconds(300)

  @Dependency(\.areaClient) var areaClient
  @Dependency(\.continuousClock) var clock

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .onAppear, .fetch:
        return load(&state)

      case .areasResponse(.success(let areas)):
        state.isLoading = false
        state.areas =
          areas
          .filter {
            state.query.isEmpty || $0.name.range(of: state.query, options: .caseInsensitive) != nil
          }
          .sorted { $0.code < $1.code }
        return .none

      case .areasResponse(.failure(let failure)):
        state.isLoading = false
        state.alert = Alert(title: "Error", message: "Could not load areas. \(failure.message)")
        return .none

      case .queryChanged(let query):
        guard state.isSearchEnabled else { return .none }
        state.query = query
        return .send(.fetch).debounce(id: CancelID.typing, for: Self.debounce, clock: clock)

      case .searchToggled:
        state.isSearchEnabled.toggle()
        return .none

      case .clearTapped:
        guard !state.query.isEmpty else { return .none }
        state.query = ""
        return .merge(.cancel(id: CancelID.typing), load(&state))

      case .alertDismissed:
        state.alert = nil
        return .none

      case .retryTapped:
        state.alert = nil
        return load(&state)
      }
    }
  }

  /// Starts loading the areas, cancelling a request still in flight.
  private func load(_ state: inout State) -> Effect<Action> {
    state.isLoading = true
    return .run { [areaClient] send in
      do {
        send(.areasResponse(.success(try await areaClient.fetchAreas())))
      } catch {
        send(.areasResponse(.failure(LoadFailure(message: "\(error)"))))
      }
    }
    .cancellable(id: CancelID.request, cancelInFlight: true)
  }
}
