import Persistence

/// Where a todo or a list goes in its user order: top, bottom, or before or after another
/// one. It is `Persistence`'s ``Persistence/Placement``: the store's order keys are the one
/// ordering mechanism.
public typealias MovePosition = Placement
