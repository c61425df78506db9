// A todo's version and the store's change sequence are part of the domain's API: the server
// sends them as ETags, sync tokens and revisions, and clients send them back. Their clients
// (the server, the command line) get them from here without importing the store.
@_exported import struct Persistence.ChangeSequence
@_exported import struct Persistence.Version
