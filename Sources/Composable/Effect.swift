/// Work a reducer asks the store to perform after it has changed state.
///
/// A reducer returns an `Effect` for every action. Most actions return ``none``; actions that
/// start asynchronous work return ``run(priority:operation:catch:fileID:filePath:line:column:)``,
/// which runs in its own task and feeds actions back into the store through a ``Send`` value.
/// Effects compose: `merge(_:)` runs several at once, `concatenate(_:)` one after another, and
/// ``cancellable(id:cancelInFlight:)`` with ``cancel(id:)`` stops them by identifier.
///
/// ```swift
/// case .refreshTapped:
///   state.isLoading = true
///   return .run { send in
///     let areas = try await areaClient.fetchAreas()
///     send(.areasLoaded(areas))
///   }
///   .cancellable(id: CancelID.refresh, cancelInFlight: true)
/// ```
///
/// An effect is a description, not running work: nothing happens until a ``Store`` or a
/// ``TestStore`` receives it from a reducer. That is what lets the store register cancellation
/// identifiers synchronously, before any task starts.
public struct Effect<Action> {
  @usableFromInline
  let operation: Operation

  @usableFromInline
  init(operation: Operation) {
    self.operation = operation
  }

  /// What an effect does, as a tree the store interprets.
  @usableFromInline
  enum Operation {
    /// Does nothing.
    case none
    /// Feeds an action back into the store right after the current one.
    case send(Action)
    /// Runs an asynchronous operation in a task of its own.
    case run(priority: TaskPriority?, operation: @Sendable (Send<Action>) async -> Void)
    /// Starts a source that pushes actions, without a task; returns what stops it.
    case subscribe(_Subscribe<Action>)
    /// Cancels every running effect registered under the identifier.
    case cancel(id: AnyHashableSendable)
    /// Registers the wrapped effect's work under the identifier.
    indirect case cancellable(id: AnyHashableSendable, cancelInFlight: Bool, Effect)
    /// Runs the effects at the same time.
    case merge([Effect])
    /// Runs the effects one after another, each starting when the previous one has finished.
    case concatenate([Effect])
  }
}

extension Effect: Sendable where Action: Sendable {}
extension Effect.Operation: Sendable where Action: Sendable {}

// MARK: - Creating Effects

extension Effect {
  /// An effect that does nothing and completes immediately.
  ///
  /// Returning `.none` costs nothing: the store neither creates a task nor allocates for it.
  @inlinable
  public static var none: Self {
    Self(operation: .none)
  }

  /// An effect that feeds an action back into the store.
  ///
  /// The store processes it after the current action and any action already waiting, in the
  /// same call to `send` when no other thread is processing.
  ///
  /// Prefer calling shared logic directly over sending actions to yourself; use this to hand an
  /// action to a parent or to be debounced.
  ///
  /// - Parameter action: The action the store receives next.
  public static func send(_ action: Action) -> Self {
    Self(operation: .send(action))
  }

  /// An effect that runs asynchronous work and sends actions back into the store.
  ///
  /// The operation runs in a task of its own, created when the store receives the effect. It
  /// sees the dependencies that were in force when the effect was *created* (inside the reducer),
  /// not those of whoever happens to run it. Cancelling the effect cancels its task; actions sent
  /// after cancellation are dropped.
  ///
  /// ```swift
  /// return .run { send in
  ///   for await tick in clock.timer(interval: .seconds(1)) {
  ///     send(.tick)
  ///   }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - priority: The priority of the task that runs the operation.
  ///   - operation: The work to perform. It sends actions through its ``Send`` argument.
  ///   - handler: Called with any error the operation throws except `CancellationError`, to turn
  ///     failures into actions. Without a handler an error is reported as an issue (a test
  ///     failure under XCTest or Swift Testing, a runtime warning elsewhere).
  /// - Returns: An effect that runs the operation.
  public static func run(
    priority: TaskPriority? = nil,
    operation: @escaping @Sendable (_ send: Send<Action>) async throws -> Void,
    catch handler: (@Sendable (_ error: any Error, _ send: Send<Action>) async -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Self {
    withEscapedDependencies { dependencies in
      Self(
        operation: .run(priority: priority) { send in
          await dependencies.yield {
            do {
              try await operation(send)
            } catch is CancellationError {
              return
            } catch {
              if Task.isCancelled { return }
              if let handler {
                await handler(error, send)
              } else {
                _SourceLocation(
                  fileID: fileID, filePath: filePath, line: line, column: column
                ).reportUnhandled(error)
              }
            }
          }
        }
      )
    }
  }
}

// MARK: - Composing Effects

extension Effect {
  /// An effect that runs the given effects at the same time.
  ///
  /// - Parameter effects: The effects to run.
  /// - Returns: One effect that completes when all of them have completed.
  public static func merge(_ effects: Self...) -> Self {
    merge(effects)
  }

  /// An effect that runs a sequence of effects at the same time.
  ///
  /// Effects that do nothing are dropped, so merging only `.none`s is `.none`.
  ///
  /// - Parameter effects: The effects to run.
  /// - Returns: One effect that completes when all of them have completed.
  /// - Complexity: O(*n*), where *n* is the number of effects.
  public static func merge(_ effects: some Sequence<Self>) -> Self {
    combining(effects, .merge)
  }

  /// An effect that runs this effect and another at the same time.
  public func merge(with other: Self) -> Self {
    switch (operation, other.operation) {
    case (.none, _): return other
    case (_, .none): return self
    default: return .merge([self, other])
    }
  }

  /// An effect that runs the given effects one after another.
  ///
  /// Each effect starts when the previous one and all the work it started have finished.
  /// Cancelling the concatenation stops the running effect and starts no further ones.
  ///
  /// - Parameter effects: The effects to run in order.
  /// - Returns: One effect that completes when the last one has completed.
  public static func concatenate(_ effects: Self...) -> Self {
    concatenate(effects)
  }

  /// An effect that runs a sequence of effects one after another.
  ///
  /// - Parameter effects: The effects to run in order.
  /// - Returns: One effect that completes when the last one has completed.
  /// - Complexity: O(*n*), where *n* is the number of effects.
  public static func concatenate(_ effects: some Sequence<Self>) -> Self {
    combining(effects, .concatenate)
  }

  /// An effect that runs this effect, then another once this one has finished.
  public func concatenate(with other: Self) -> Self {
    .concatenate([self, other])
  }

  /// How `combining(_:_:)` puts effects together.
  private enum Combination {
    case merge
    case concatenate
  }

  /// `effects` merged or concatenated: effects that do nothing are dropped, the effects of an
  /// inner combination of the same kind are spliced in, and a single effect stands alone.
  private static func combining(
    _ effects: some Sequence<Self>, _ combination: Combination
  ) -> Self {
    var kept: [Self] = []
    for effect in effects {
      switch (combination, effect.operation) {
      case (_, .none): continue
      case (.merge, .merge(let inner)), (.concatenate, .concatenate(let inner)):
        kept.append(contentsOf: inner)
      default: kept.append(effect)
      }
    }
    switch (kept.count, combination) {
    case (0, _): return .none
    case (1, _): return kept[0]
    case (_, .merge): return Self(operation: .merge(kept))
    case (_, .concatenate): return Self(operation: .concatenate(kept))
    }
  }
}
