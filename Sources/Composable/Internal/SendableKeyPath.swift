/// A key path that may cross into effect tasks and be hashed into cancellation identifiers.
///
/// `@unchecked Sendable` is safe here: a key path object is immutable once created (its
/// components are fixed at construction and never written again), so reading, applying,
/// hashing and comparing it from several threads at once cannot race. The wrapper exposes no
/// way to mutate it.
@usableFromInline
struct _SendableKeyPath<Root, Value>: @unchecked Sendable, Hashable {
  @usableFromInline
  let keyPath: KeyPath<Root, Value>

  @usableFromInline
  init(_ keyPath: KeyPath<Root, Value>) {
    self.keyPath = keyPath
  }
}
