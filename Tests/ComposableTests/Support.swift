import Composable
import Testing

/// The text of an issue's comments, to check what a reported failure says.
func message(of issue: Issue) -> String {
  issue.comments.map(\.rawValue).joined(separator: "\n")
}

/// A counter feature that exercises every kind of effect.
struct Counter: Reducer {
  struct State: Equatable, Sendable {
    var count = 0
    var log: [String] = []
  }

  @CasePathable
  enum Action: Equatable, Sendable {
    case increment
    case decrement
    case incrementAfter(Duration)
    case sendTwice
    case logged(String)
    case startTimer
    case stopTimer
    case tick
    case fail
  }

  enum CancelID { case timer }

  @Dependency(\.continuousClock) var clock

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .increment:
        state.count += 1
        return .none
      case .decrement:
        state.count -= 1
        return .none
      case .incrementAfter(let delay):
        return .run { send in
          try await clock.sleep(for: delay)
          send(.increment)
        }
      case .sendTwice:
        state.log.append("sendTwice")
        return .merge(.send(.logged("first")), .send(.logged("second")))
      case .logged(let entry):
        state.log.append(entry)
        return .none
      case .startTimer:
        return .run { send in
          for await _ in clock.timer(interval: .seconds(1)) {
            send(.tick)
          }
        }
        .cancellable(id: CancelID.timer, cancelInFlight: true)
      case .stopTimer:
        return .cancel(id: CancelID.timer)
      case .tick:
        state.count += 1
        return .none
      case .fail:
        return .run { _ in throw CounterError.boom }
      }
    }
  }
}

enum CounterError: Error { case boom }
