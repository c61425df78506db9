import Foundation

/// What every context of a container shares: the engine, the change hub and the entity list.
final class ContainerCore: Sendable {
  let engine: any StorageEngine
  let hub: ChangeHub
  let entities: [ObjectIdentifier: any Entity.Type]
  /// The running observations, shared by observers of the same request.
  let observations = ObservationRegistry()

  init(engine: any StorageEngine, hub: ChangeHub, entities: [any Entity.Type]) {
    self.engine = engine
    self.hub = hub
    self.entities = .init(byType: entities)
  }

  func checkKnown<Root: Entity>(_ type: Root.Type) throws {
    guard entities[ObjectIdentifier(type)] != nil else {
      throw PersistenceError.unknownEntity(Root.entityName)
    }
  }
}
