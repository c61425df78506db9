import Foundation

/// A failure of the object store's rules: what an app reacts to.
///
/// Engine failures (SQL errors) are ``EngineError``; opening failures are ``ContainerError``.
public enum PersistenceError: Error, Sendable, Hashable {
  /// The object was changed or deleted by another context or process since the write's base
  /// version was read (or an insert found its identifier taken). Nothing was saved. `current`
  /// is the version the store has now, `nil` when the object is gone: a client can show the
  /// other change, or retry on top of it, without another read.
  case conflict(entity: String, id: UUID, current: Version?)
  /// No object with this identifier exists where it was looked for.
  case notFound(entity: String, id: UUID)
  /// The object is already inserted or registered in this context.
  case duplicate(entity: String, id: UUID)
  /// The entity is not one of the container's entities.
  case unknownEntity(String)
  /// The entity's declaration is invalid (bad name, missing attribute, reserved column).
  case invalidDeclaration(entity: String, reason: String)
  /// A stored value cannot be read as the property's type.
  case invalidValue(type: String, value: StoredValue)
  /// A stored row cannot be decoded into the entity.
  case decoding(entity: String, reason: String)
  /// The entity has no ordering, or the object is not in the expected collection.
  case notOrdered(entity: String)
  /// The context was closed with its container.
  case containerClosed
  /// A child context has no transaction of its own: it saves into its parent, and the parent
  /// saves to the store.
  case childContext
  /// The database server cannot be reached now (it is down, restarting, or did not answer
  /// within the request timeout). Nothing was written; the operation can be retried.
  case unavailable(String)
}

extension PersistenceError: CustomStringConvertible {
  public var description: String {
    switch self {
    case .conflict(let entity, let id, let current?):
      "\(entity) \(id) was changed by someone else since it was read (it is at version \(current))"
    case .conflict(let entity, let id, nil):
      "\(entity) \(id) was changed or deleted by someone else since it was read"
    case .notFound(let entity, let id): "\(entity) \(id) does not exist"
    case .duplicate(let entity, let id): "\(entity) \(id) is already in the context"
    case .unknownEntity(let name): "\(name) is not an entity of this container"
    case .invalidDeclaration(let entity, let reason): "entity \(entity) is invalid: \(reason)"
    case .invalidValue(let type, let value): "\(value) is not a valid \(type)"
    case .decoding(let entity, let reason): "cannot read a \(entity): \(reason)"
    case .notOrdered(let entity): "\(entity) has no user order here"
    case .containerClosed: "the container is closed"
    case .childContext: "a child context saves into its parent, not to the store"
    case .unavailable(let reason): "the database is unavailable: \(reason)"
    }
  }
}
