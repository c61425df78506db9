import Composable
import Foundation

/// The weather-area screen of seed 002: the agency's offices loaded through ``AreaClient``,
/// a search field that filters them as the user types (each search cancelling the one in
/// flight), a clear button, a switch that disables the field, a loading indicator, an alert
/// with a Retry when loading fails, and an office's forecast when a row is chosen.
struct AreaSearch: Reducer {
  struct State: Equatable, Sendable {
    /// The areas shown: sorted by code, filtered by ``query``.
    var areas: [Area] = []
    /// The search text.
    var query = ""
    /// Whether a request for the areas is in flight.
    var isLoading = false
    /// The switch: whether the search field takes typing.
    var isSearchEnabled = true
    /// The alert shown, if any.
    var alert: Alert?
    /// The date of the offline snapshot the list shows, or `nil` when it came from the
    /// agency's server.
    var offlineSnapshot: String?
    /// The forecast screen, open over the list.
    var forecast: ForecastScreen?

    /// The search field's placeholder, which says when the field is disabled.
    var placeholder: String { isSearchEnabled ? "都道府県を検索" : "使用不可" }
  }

  /// An alert: what failed, and what its Retry loads again.
  struct Alert: Equatable, Sendable {
    var title: String
    var message: String
    var retry: Retry

    /// What a Retry loads.
    enum Retry: Equatable, Sendable {
      case areas
      case forecast(Area.ID)
    }
  }

  /// The forecast of one office.
  struct ForecastScreen: Equatable, Sendable {
    var area: Area
    var isLoading = true
    var forecast: Forecast?
    /// The date of the offline snapshot the forecast was read from, if it was.
    var offlineSnapshot: String?
  }

  /// Why loading failed, in a form state can hold and tests can compare.
  struct LoadFailure: Error, Equatable, Sendable {
    var message: String
  }

  @CasePathable
  enum Action: Equatable, Sendable {
    case onAppear
    case fetch
    case areasResponse(Result<Fetched<[Area]>, LoadFailure>)
    case queryChanged(String)
    case searchToggled
    case clearTapped
    case alertDismissed
    case retryTapped
    case areaTapped(Area.ID)
    case forecastResponse(Result<Fetched<Forecast>, LoadFailure>)
    case backTapped
  }

  enum CancelID {
    case request
    case typing
    case forecast
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

      case .areasResponse(.success(let fetched)):
        state.isLoading = false
        state.offlineSnapshot = fetched.offlineSnapshot
        state.areas = fetched.value.filter { $0.matches(state.query) }.sorted { $0.code < $1.code }
        return .none

      case .areasResponse(.failure(let failure)):
        state.isLoading = false
        state.alert = Alert(
          title: "読み込めませんでした", message: "Could not load the areas. \(failure.message)",
          retry: .areas)
        return .none

      case .queryChanged(let query):
        guard state.isSearchEnabled, query != state.query else { return .none }
        state.query = query
        return .send(.fetch).debounce(id: CancelID.typing, for: Self.debounce, clock: clock)

      case .searchToggled:
        state.isSearchEnabled.toggle()
        // A disabled field holds no text: the list shows every area again.
        guard !state.isSearchEnabled, !state.query.isEmpty else { return .none }
        state.query = ""
        return .merge(.cancel(id: CancelID.typing), load(&state))

      case .clearTapped:
        guard !state.query.isEmpty else { return .none }
        state.query = ""
        return .merge(.cancel(id: CancelID.typing), load(&state))

      case .alertDismissed:
        state.alert = nil
        return .none

      case .retryTapped:
        guard let alert = state.alert else { return .none }
        state.alert = nil
        switch alert.retry {
        case .areas:
          return load(&state)
        case .forecast(let code):
          guard state.forecast?.area.code == code else { return .none }
          state.forecast?.isLoading = true
          return loadForecast(code)
        }

      case .areaTapped(let code):
        guard let area = state.areas.first(where: { $0.code == code }) else { return .none }
        state.forecast = ForecastScreen(area: area)
        return loadForecast(code)

      case .forecastResponse(.success(let fetched)):
        state.forecast?.isLoading = false
        state.forecast?.forecast = fetched.value
        state.forecast?.offlineSnapshot = fetched.offlineSnapshot
        return .none

      case .forecastResponse(.failure(let failure)):
        guard let code = state.forecast?.area.code else { return .none }
        state.forecast?.isLoading = false
        state.alert = Alert(
          title: "予報を読み込めませんでした",
          message: "Could not load the forecast. \(failure.message)", retry: .forecast(code))
        return .none

      case .backTapped:
        guard state.forecast != nil else { return .none }
        state.forecast = nil
        if case .forecast = state.alert?.retry { state.alert = nil }
        return .cancel(id: CancelID.forecast)
      }
    }
  }

  /// Starts loading the areas, cancelling a request still in flight.
  private func load(_ state: inout State) -> Effect<Action> {
    state.isLoading = true
    return .run { [areaClient] send in
      do {
        send(.areasResponse(.success(try await areaClient.fetchAreas())))
      } catch is CancellationError {
      } catch {
        send(.areasResponse(.failure(LoadFailure(message: "\(error)"))))
      }
    }
    .cancellable(id: CancelID.request, cancelInFlight: true)
  }

  /// Starts loading an office's forecast, cancelling one still in flight.
  private func loadForecast(_ code: Area.ID) -> Effect<Action> {
    .run { [areaClient] send in
      do {
        send(.forecastResponse(.success(try await areaClient.fetchForecast(code))))
      } catch is CancellationError {
      } catch {
        send(.forecastResponse(.failure(LoadFailure(message: "\(error)"))))
      }
    }
    .cancellable(id: CancelID.forecast, cancelInFlight: true)
  }
}
