import Composable
import Diffable
import Testing

@testable import area_search

@Suite("Area search: the feature, with a test client and a test clock")
struct AreaSearchTests {
  let clock = TestClock()

  /// A test store whose area client answers after `latency` on the test clock, or at once.
  func makeStore(
    initialState: AreaSearch.State = AreaSearch.State(),
    latency: Duration? = .seconds(1),
    fetchAreas: @escaping @Sendable () async throws -> Fetched<[Area]> = { live(Area.unsorted) },
    fetchForecast: @escaping @Sendable (String) async throws -> Fetched<Forecast> = { _ in
      live(.tokyo)
    }
  ) -> TestStore<AreaSearch.State, AreaSearch.Action> {
    let clock = clock
    return TestStore(initialState: initialState) {
      AreaSearch()
    } withDependencies: {
      $0.continuousClock = clock
      $0.areaClient.fetchAreas = {
        if let latency { try await clock.sleep(for: latency) }
        return try await fetchAreas()
      }
      $0.areaClient.fetchForecast = { code in
        if let latency { try await clock.sleep(for: latency) }
        return try await fetchForecast(code)
      }
    }
  }

  @Test("the areas load sorted by code, with the loading flag while they come")
  func loadsAreasSortedByCode() async {
    let store = makeStore()
    await store.send(.onAppear) { $0.isLoading = true }
    await clock.advance(by: .milliseconds(999))
    await store.send(.alertDismissed)
    await clock.advance(by: .milliseconds(1))
    await store.receive(\.areasResponse.success) {
      $0.isLoading = false
      $0.areas = Area.sorted
    }
    await store.finish()
  }

  @Test("areas from the offline snapshot say so")
  func offlineSnapshot() async {
    let store = makeStore {
      Fetched(value: [.tokyo], offlineSnapshot: "2026-01-06")
    }
    await store.send(.onAppear) { $0.isLoading = true }
    await clock.advance(by: .seconds(1))
    await store.receive(\.areasResponse.success) {
      $0.isLoading = false
      $0.areas = [.tokyo]
      $0.offlineSnapshot = "2026-01-06"
    }
  }

  @Test("typing is debounced; the search matches Japanese names, English names and codes")
  func typingFilters() async {
    let store = makeStore(initialState: AreaSearch.State(areas: Area.sorted))
    await store.send(.queryChanged("大")) { $0.query = "大" }
    await clock.advance(by: .milliseconds(200))
    await store.send(.queryChanged("大阪")) { $0.query = "大阪" }
    await clock.advance(by: .milliseconds(299))
    // Nothing fires until typing has paused for the whole debounce interval.
    await store.send(.alertDismissed)
    await clock.advance(by: .milliseconds(1))
    await store.receive(.fetch) { $0.isLoading = true }
    await clock.advance(by: .seconds(1))
    await store.receive(\.areasResponse.success) {
      $0.isLoading = false
      $0.areas = [.osaka]
    }
    await store.send(.queryChanged("KYO")) { $0.query = "KYO" }
    await clock.advance(by: AreaSearch.debounce)
    await store.receive(.fetch) { $0.isLoading = true }
    await clock.advance(by: .seconds(1))
    await store.receive(\.areasResponse.success) {
      $0.isLoading = false
      $0.areas = [.tokyo, .kyoto]
    }
    await store.send(.queryChanged("4710")) { $0.query = "4710" }
    await clock.advance(by: AreaSearch.debounce)
    await store.receive(.fetch) { $0.isLoading = true }
    await clock.advance(by: .seconds(1))
    await store.receive(\.areasResponse.success) {
      $0.isLoading = false
      $0.areas = [.okinawa]
    }
    await store.finish()
  }

  @Test("each new search cancels the request in flight: the slow first answer never lands")
  func newSearchCancelsRequestInFlight() async {
    let calls = LockIsolated(0)
    let clock = clock
    let store = makeStore(latency: nil) {
      let call = calls.withValue {
        $0 += 1
        return $0
      }
      // The first request is slow, the second fast.
      try await clock.sleep(for: call == 1 ? .seconds(10) : .seconds(1))
      return live(call == 1 ? [.okinawa] : Area.unsorted)
    }
    await store.send(.onAppear) { $0.isLoading = true }
    await store.send(.queryChanged("to")) { $0.query = "to" }
    await clock.advance(by: AreaSearch.debounce)
    await store.receive(.fetch)
    await clock.advance(by: .seconds(1))
    await store.receive(\.areasResponse.success) {
      $0.isLoading = false
      $0.areas = [.tokyo, .kyoto]
    }
    // The first request would have answered now; it was cancelled, so nothing arrives.
    await clock.advance(by: .seconds(10))
    await store.finish()
    #expect(calls.value == 2)
  }

  @Test("the clear button cancels the filtered request and loads every area")
  func clearWhileRequestInFlight() async {
    let store = makeStore(initialState: AreaSearch.State(areas: Area.sorted))
    await store.send(.queryChanged("to")) { $0.query = "to" }
    await clock.advance(by: AreaSearch.debounce)
    await store.receive(.fetch) { $0.isLoading = true }
    await clock.advance(by: .milliseconds(500))
    await store.send(.clearTapped) { $0.query = "" }
    await clock.advance(by: .milliseconds(500))
    // The filtered request would have answered now; it was cancelled by the clear.
    await store.send(.alertDismissed)
    await clock.advance(by: .milliseconds(500))
    await store.receive(\.areasResponse.success) {
      $0.isLoading = false
      $0.areas = Area.sorted
    }
    await store.finish()
  }

  @Test("clearing cancels a search still waiting for typing to pause; an empty query stays")
  func clearCancelsPendingSearch() async {
    let store = makeStore()
    await store.send(.queryChanged("ky")) { $0.query = "ky" }
    await clock.advance(by: .milliseconds(100))
    await store.send(.clearTapped) {
      $0.query = ""
      $0.isLoading = true
    }
    await clock.advance(by: .seconds(1))
    await store.receive(\.areasResponse.success) {
      $0.isLoading = false
      $0.areas = Area.sorted
    }
    await store.send(.clearTapped)
    await store.send(.queryChanged(""))
    await store.finish()
  }

  @Test("a failure shows an alert whose Retry loads again")
  func failureThenRetry() async {
    let calls = LockIsolated(0)
    let store = makeStore {
      let call = calls.withValue {
        $0 += 1
        return $0
      }
      if call == 1 { throw AreaClientError.server(status: 503) }
      return live([.kyoto, .tokyo])
    }
    await store.send(.onAppear) { $0.isLoading = true }
    await clock.advance(by: .seconds(1))
    await store.receive(\.areasResponse.failure) {
      $0.isLoading = false
      $0.alert = AreaSearch.Alert(
        title: "読み込めませんでした",
        message: "Could not load the areas. The agency's server answered with status 503.",
        retry: .areas)
    }
    await store.send(.retryTapped) {
      $0.alert = nil
      $0.isLoading = true
    }
    await clock.advance(by: .seconds(1))
    await store.receive(\.areasResponse.success) {
      $0.isLoading = false
      $0.areas = [.tokyo, .kyoto]
    }
    await store.send(.retryTapped)
    await store.finish()
  }

  @Test("the alert can be dismissed")
  func alertDismissed() async {
    let store = makeStore { throw AreaClientError.server(status: 500) }
    await store.send(.onAppear) { $0.isLoading = true }
    await clock.advance(by: .seconds(1))
    await store.receive(
      \.areasResponse,
      .failure(.init(message: "The agency's server answered with status 500."))
    ) {
      $0.isLoading = false
      $0.alert = AreaSearch.Alert(
        title: "読み込めませんでした",
        message: "Could not load the areas. The agency's server answered with status 500.",
        retry: .areas)
    }
    await store.send(.alertDismissed) { $0.alert = nil }
  }

  @Test("the switch disables the field, with its placeholder; disabled, typing does nothing")
  func switchDisablesSearch() async {
    let store = makeStore()
    #expect(store.state.placeholder == "都道府県を検索")
    await store.send(.searchToggled) { $0.isSearchEnabled = false }
    #expect(store.state.placeholder == "使用不可")
    await store.send(.queryChanged("東京"))
    await clock.advance(by: .seconds(1))
    await store.send(.searchToggled) { $0.isSearchEnabled = true }
    #expect(store.state.placeholder == "都道府県を検索")
  }

  @Test("disabling a field that holds text clears it and shows every area again")
  func disablingClears() async {
    let store = makeStore(initialState: AreaSearch.State(areas: [.tokyo], query: "東京"))
    await store.send(.searchToggled) {
      $0.isSearchEnabled = false
      $0.query = ""
      $0.isLoading = true
    }
    await clock.advance(by: .seconds(1))
    await store.receive(\.areasResponse.success) {
      $0.isLoading = false
      $0.areas = Area.sorted
    }
  }

  @Test("choosing a row opens its forecast through the same client; back returns")
  func forecast() async {
    let codes = LockIsolated<[String]>([])
    let store = makeStore(
      initialState: AreaSearch.State(areas: Area.sorted),
      fetchForecast: { code in
        codes.withValue { $0.append(code) }
        return Fetched(value: .tokyo, offlineSnapshot: "2026-01-05")
      })
    await store.send(.areaTapped("999999"))
    await store.send(.areaTapped("130000")) {
      $0.forecast = AreaSearch.ForecastScreen(area: .tokyo)
    }
    await clock.advance(by: .seconds(1))
    await store.receive(\.forecastResponse.success) {
      $0.forecast?.isLoading = false
      $0.forecast?.forecast = .tokyo
      $0.forecast?.offlineSnapshot = "2026-01-05"
    }
    await store.send(.backTapped) { $0.forecast = nil }
    await store.send(.backTapped)
    #expect(codes.value == ["130000"])
  }

  @Test("going back cancels the forecast in flight")
  func backCancelsForecast() async {
    let store = makeStore(initialState: AreaSearch.State(areas: Area.sorted))
    await store.send(.areaTapped("270000")) {
      $0.forecast = AreaSearch.ForecastScreen(area: .osaka)
    }
    await clock.advance(by: .milliseconds(500))
    await store.send(.backTapped) { $0.forecast = nil }
    await clock.advance(by: .seconds(1))
    await store.finish()
  }

  @Test("a forecast that fails shows an alert whose Retry loads it again")
  func forecastFailure() async {
    let calls = LockIsolated(0)
    let store = makeStore(
      initialState: AreaSearch.State(areas: Area.sorted),
      fetchForecast: { code in
        let call = calls.withValue {
          $0 += 1
          return $0
        }
        if call == 1 { throw AreaClientError.noSnapshot(code: code) }
        return live(.tokyo)
      })
    await store.send(.areaTapped("016000")) {
      $0.forecast = AreaSearch.ForecastScreen(area: .ishikari)
    }
    await clock.advance(by: .seconds(1))
    await store.receive(\.forecastResponse.failure) {
      $0.forecast?.isLoading = false
      $0.alert = AreaSearch.Alert(
        title: "予報を読み込めませんでした",
        message:
          "Could not load the forecast. The offline snapshot has no forecast for area 016000.",
        retry: .forecast("016000"))
    }
    await store.send(.retryTapped) {
      $0.alert = nil
      $0.forecast?.isLoading = true
    }
    await clock.advance(by: .seconds(1))
    await store.receive(\.forecastResponse.success) {
      $0.forecast?.isLoading = false
      $0.forecast?.forecast = .tokyo
    }
  }

  @Test("going back from a failed forecast takes its alert away")
  func backFromFailedForecast() async {
    let store = makeStore(
      initialState: AreaSearch.State(areas: Area.sorted),
      fetchForecast: { code in
        throw AreaClientError.noSnapshot(code: code)
      })
    await store.send(.areaTapped("260000")) {
      $0.forecast = AreaSearch.ForecastScreen(area: .kyoto)
    }
    await clock.advance(by: .seconds(1))
    await store.receive(\.forecastResponse.failure) {
      $0.forecast?.isLoading = false
      $0.alert = AreaSearch.Alert(
        title: "予報を読み込めませんでした",
        message:
          "Could not load the forecast. The offline snapshot has no forecast for area 260000.",
        retry: .forecast("260000"))
    }
    await store.send(.backTapped) {
      $0.forecast = nil
      $0.alert = nil
    }
  }

  @Test("the snapshot is derived from state; a search changes it by deletes, not a reload")
  func snapshotIsDerivedFromState() async throws {
    let store = makeStore()
    #expect(try store.state.snapshot.sectionIdentifiers == [.areas])
    #expect(try store.state.snapshot.itemIdentifiers.isEmpty)
    await store.send(.onAppear) { $0.isLoading = true }
    await clock.advance(by: .seconds(1))
    await store.receive(\.areasResponse.success) {
      $0.isLoading = false
      $0.areas = Area.sorted
    }
    let loaded = try store.state.snapshot
    #expect(
      loaded.itemIdentifiers
        == ["016000", "130000", "260000", "270000", "471000"].map { AreaSearch.Item.area($0) })

    await store.send(.queryChanged("kyo")) { $0.query = "kyo" }
    await clock.advance(by: AreaSearch.debounce)
    await store.receive(.fetch) { $0.isLoading = true }
    await clock.advance(by: .seconds(1))
    await store.receive(\.areasResponse.success) {
      $0.isLoading = false
      $0.areas = [.tokyo, .kyoto]
    }
    let filtered = try store.state.snapshot
    #expect(filtered.itemIdentifiers == [.area("130000"), .area("260000")])
    let changes = StagedChangeset(source: loaded, target: filtered)
    #expect(changes.changeCount == 3)
    #expect(
      changes.flatMap(\.elementDeleted).sorted()
        == [0, 3, 4].map { ElementPath(element: $0, section: 0) })
    #expect(changes.flatMap(\.elementInserted).isEmpty)
  }

  @Test("two areas with one code cannot make a snapshot")
  func snapshotRejectsDuplicateCodes() {
    var copy = Area.tokyo
    copy.name = "東京都 (copy)"
    let state = AreaSearch.State(areas: [.tokyo, copy])
    #expect(throws: SnapshotError.self) { try state.snapshot }
  }
}
