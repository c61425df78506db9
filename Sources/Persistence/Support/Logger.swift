import Logging

/// The module's logger. Libraries never print: diagnostics go through swift-log.
let persistenceLogger = Logger(label: "Persistence")
