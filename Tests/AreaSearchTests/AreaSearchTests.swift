import Composable
import Diffable
import Testing

@Suite struct AreaSearchTests {
  let clock = TestClock()

  /// A test store whose area client answers after `latency` on the test clock, or at once.
  func makeStore(
    initialState: AreaSearch.State = AreaSearch.State(),
    latency: Duration? = .seconds(1),
    fetchAreas: @escaping @Sendable () async throws -> [Area] = { Area.unsorted }
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
    }
  }

  @Test func loadsAreasSortedByCodeWithLoadingFlag() async {
    let store = makeStore()
    await store.send(.onAppear) { $0.isLoading = true }
    await clock.advance(by: .milliseconds(999))
    await store.send(.alertDismissed)
    await clock.advance(by: .milliseconds(1))
    await store.receive(\.areasResponse.success) {
      $0.isLoading = false
      $0.areas = [.hokkaido, .tokyo, .kyoto, .osaka, .okinawa]
    }
    await store.finish()
  }

  @Test func typingIsDebouncedAndFiltersByNameIgnoringCase() async {
    let store = makeStore(initialState: AreaSearch.State(areas: [.tokyo, .osaka]))
    await store.send(.queryChanged("o")) { $0.query = "o" }
    await clock.advance(by: .milliseconds(200))
    await store.send(.queryChanged("ok")) { $0.query = "ok" }
    await clock.advance(by: .milliseconds(200))
    await store.send(.queryChanged("OKI")) { $0.query = "OKI" }
    await clock.advance(by: .milliseconds(299))
    // Nothing fires until typing has paused for the whole debounce interval.
    await store.send(.alertDismissed)
    await clock.advance(by: .milliseconds(1))
    await store.receive(.fetch) { $0.isLoading = true }
    await clock.advance(by: .seconds(1))
    await store.receive(.areasResponse(.success(Area.unsorted))) {
      $0.isLoading = false
      $0.areas = [.okinawa]
    }
    await store.finish()
  }

  @Test func slowFirstRequestIsCancelledBySecond() async {
    let calls = LockIsolated(0)
    let clock = clock
    let store = makeStore(latency: nil) {
      let call = calls.withValue {
        $0 += 1
        return $0
      }
      // The first request is slow, the second fast.
      try await clock.sleep(for: call == 1 ? .seconds(10) : .seconds(1))
      return call == 1 ? [.tokyo] : Area.unsorted
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

  @Test func clearWhileRequestInFlightReloadsEverything() async {
    let store = makeStore(initialState: AreaSearch.State(areas: [.tokyo, .osaka]))
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
      $0.areas = [.hokkaido, .tokyo, .kyoto, .osaka, .okinawa]
    }
    await store.finish()
  }

  @Test func clearCancelsPendingDebouncedSearch() async {
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
      $0.areas = [.hokkaido, .tokyo, .kyoto, .osaka, .okinawa]
    }
    await store.finish()
  }

  @Test func clearWithEmptyQueryDoesNothing() async {
    let store = makeStore()
    await store.send(.clearTapped)
  }

  @Test func failureShowsAlertThenRetrySucceeds() async {
    let calls = LockIsolated(0)
    let store = makeStore {
      let call = calls.withValue {
        $0 += 1
        return $0
      }
      if call == 1 { throw AreaClientError.server(status: 503) }
      return [.kyoto, .tokyo]
    }
    await store.send(.onAppear) { $0.isLoading = true }
    await clock.advance(by: .seconds(1))
    await store.receive(\.areasResponse.failure) {
      $0.isLoading = false
      $0.alert = AreaSearch.Alert(
        title: "Error",
        message: "Could not load areas. The area server answered with status 503."
      )
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
    await store.finish()
  }

  @Test func alertCanBeDismissed() async {
    let store = makeStore { throw AreaClientError.server(status: 500) }
    await store.send(.onAppear) { $0.isLoading = true }
    await clock.advance(by: .seconds(1))
    await store.receive(
      \.areasResponse,
      .failure(.init(message: "The area server answered with status 500."))
    ) {
      $0.isLoading = false
      $0.alert = AreaSearch.Alert(
        title: "Error",
        message: "Could not load areas. The area server answered with status 500."
      )
    }
    await store.send(.alertDismissed) { $0.alert = nil }
  }

  @Test func toggleDisablesSearchFieldAndChangesPlaceholder() async {
    let store = makeStore()
    #expect(store.state.placeholder == "Search prefectures")
    await store.send(.searchToggled) { $0.isSearchEnabled = false }
    #expect(store.state.placeholder == "Search disabled")
    // A disabled field ignores typing: no state change, no search.
    await store.send(.queryChanged("tokyo"))
    await clock.advance(by: .seconds(1))
    await store.send(.searchToggled) { $0.isSearchEnabled = true }
    #expect(store.state.placeholder == "Search prefectures")
  }

  @Test func snapshotIsDerivedFromState() async throws {
    let store = makeStore()
    #expect(try store.state.snapshot.sectionIdentifiers == [.areas])
    #expect(try store.state.snapshot.itemIdentifiers.isEmpty)
    await store.send(.onAppear) { $0.isLoading = true }
    await clock.advance(by: .seconds(1))
    await store.receive(\.areasResponse.success) {
      $0.isLoading = false
      $0.areas = [.hokkaido, .tokyo, .kyoto, .osaka, .okinawa]
    }
    let loaded = try store.state.snapshot
    #expect(
      loaded.itemIdentifiers
        == ["016000", "130000", "260000", "270000", "471000"].map {
          AreaSearch.Item.area($0)
        })
    #expect(try loaded.itemIdentifiers(inSection: .areas).count == 5)

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
    // The list view applies the difference, not a reload: three rows leave, none arrive.
    let changes = StagedChangeset(source: loaded, target: filtered)
    #expect(changes.changeCount == 3)
    #expect(
      changes.flatMap(\.elementDeleted).sorted()
        == [0, 3, 4].map { ElementPath(element: $0, section: 0) })
    #expect(changes.flatMap(\.elementInserted).isEmpty)
  }

  @Test func snapshotRejectsAreasWithDuplicateCodes() {
    let state = AreaSearch.State(areas: [.tokyo, Area(code: "130000", name: "Tokyo (copy)")])
    #expect(throws: SnapshotError.self) { try state.snapshot }
  }

  @Test func liveClientFailsClearly() async {
    await #expect(throws: AreaClientError.notConfigured) {
      try await AreaClient.liveValue.fetchAreas()
    }
    #expect(AreaClientError.notConfigured.description.contains("no live transport"))
  }
}
