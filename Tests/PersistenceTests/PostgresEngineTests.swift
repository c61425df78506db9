import Foundation
import Persistence
import PersistenceTestEntities
import PersistenceTestSupport
import Testing

/// What a run with a PostgreSQL cluster checks about the engines side by side: order keys sort
/// the same, and a server that cannot be used is one line saying what to fix.
@Suite(
  "PostgreSQL beside SQLite",
  .enabled(if: ProcessInfo.processInfo.environment["TODO_TEST_POSTGRES_URL"] != nil))
struct PostgresEngineTests {
  @Test("Random order keys sort the same on both engines, byte by byte")
  func orderKeysSortTheSame() async throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("persistence-engines-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let sqlite = try await PersistentContainer(
      .file(directory.appendingPathComponent("store.sqlite")), entities: [Item.self])
    defer { try? sqlite.close() }
    let environment = ProcessInfo.processInfo.environment
    let address = try #require(environment["TODO_TEST_POSTGRES_URL"])
    var location = try PostgresLocation(parsing: address)
    let database = "t_order_" + UUID().uuidString.prefix(8).lowercased()
    // A database whose default collation is a language's (ICU English), where "a" sorts
    // before "B": only the columns' own COLLATE "C" keeps byte order.
    try TestStoreLocation.psql(
      "CREATE DATABASE \(database) TEMPLATE template0 LOCALE_PROVIDER icu ICU_LOCALE 'en-US' "
        + "LOCALE 'C.UTF-8'")
    defer { TestStoreLocation.remove(.postgres(location)) }
    location.database = database
    location.tls = .disable
    let postgres = try await PersistentContainer(.postgres(location), entities: [Item.self])
    defer { try? postgres.close() }

    var random = SeededRandom(seed: 12)
    let list = UUID()
    for round in 0..<20 {
      // Keys of every length: spaced ones, then keys between random neighbours.
      var sorted = try OrderKey.spaced(5, between: nil, and: nil)
      while sorted.count < 60 {
        let gap = Int.random(in: 0...sorted.count, using: &random)
        let lower = gap > 0 ? sorted[gap - 1] : nil
        let upper = gap < sorted.count ? sorted[gap] : nil
        sorted.insert(try OrderKey.between(lower, upper), at: gap)
      }
      let keys = sorted
      let items = keys.shuffled(using: &random).map {
        Item(listID: list, title: "\(round) \($0.rawValue)", position: $0)
      }
      for container in [sqlite, postgres] {
        _ = try await container.write { tx in
          for item in items { try tx.insert(item) }
        }
      }
      let request = Item.inList(list)
      let fromSQLite = try await sqlite.read { tx in try tx.fetch(request) }.map(\.position)
      let fromPostgres = try await postgres.read { tx in try tx.fetch(request) }.map(\.position)
      #expect(fromPostgres == fromSQLite, "round \(round)")
      #expect(fromSQLite == fromSQLite.sorted(), "round \(round)")
      for container in [sqlite, postgres] {
        _ = try await container.write { tx in
          for item in try tx.fetch(request) { try tx.delete(item) }
        }
      }
    }
  }

  @Test("A refused connection and a missing database are one line naming what to fix")
  func connectionErrors() async throws {
    let environment = ProcessInfo.processInfo.environment
    let address = try #require(environment["TODO_TEST_POSTGRES_URL"])
    var missing = try PostgresLocation(parsing: address)
    missing.database = "no_such_database_here"
    missing.tls = .disable
    await #expect {
      try await PersistentContainer(.postgres(missing), entities: [Todo.self])
    } throws: { error in
      guard case .cannotConnect(_, let reason) = error as? ContainerError else { return false }
      return reason.contains("does not exist") && reason.contains("createdb")
        && !reason.contains("\n")
    }

    // A port nothing listens on: a socket bound and closed again.
    var refused = try PostgresLocation(
      parsing: "postgresql://postgres@127.0.0.1:\(try Self.closedPort())/postgres?sslmode=disable")
    refused.connectTimeout = .seconds(5)
    await #expect {
      try await PersistentContainer(.postgres(refused), entities: [Todo.self])
    } throws: { error in
      guard case .cannotConnect(_, let reason) = error as? ContainerError else { return false }
      return reason.contains("refused") && reason.contains("is PostgreSQL running")
    }
  }

  /// A TCP port on 127.0.0.1 that was free a moment ago.
  private static func closedPort() throws -> Int {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(descriptor) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
        bind(descriptor, raw, length) == 0 && getsockname(descriptor, raw, &length) == 0
      }
    }
    guard bound else { throw TestStoreError(message: "no free port") }
    return Int(UInt16(bigEndian: address.sin_port))
  }
}

@Suite("Store addresses")
struct StoreLocationTests {
  @Test("paths, sqlite: and postgresql:// are parsed; anything else is an error")
  func parsing() throws {
    #expect(
      try StoreLocation(parsing: "/tmp/a.sqlite") == .file(URL(fileURLWithPath: "/tmp/a.sqlite")))
    #expect(
      try StoreLocation(parsing: "sqlite:///tmp/a.sqlite")
        == .file(URL(fileURLWithPath: "/tmp/a.sqlite")))
    #expect(
      try StoreLocation(parsing: "sqlite:/tmp/a.sqlite")
        == .file(URL(fileURLWithPath: "/tmp/a.sqlite")))
    #expect(try StoreLocation(parsing: "sqlite::memory:") == .inMemory)
    #expect(try StoreLocation(parsing: "./odd:name") == .file(URL(fileURLWithPath: "./odd:name")))
    guard
      case .postgres(let location) = try StoreLocation(
        parsing:
          "postgresql://todo:s%40cret@db.example.org:6543/todos?sslmode=require&connect_timeout=3")
    else {
      Issue.record("not PostgreSQL")
      return
    }
    #expect(location.host == "db.example.org")
    #expect(location.port == 6543)
    #expect(location.username == "todo")
    #expect(location.password == "s@cret")
    #expect(location.database == "todos")
    #expect(location.tls == .require)
    #expect(location.connectTimeout == .seconds(3))
    #expect(location.description == "postgresql://todo@db.example.org:6543/todos")
    guard case .postgres(let short) = try StoreLocation(parsing: "postgres://u@h/d") else {
      Issue.record("postgres:// is PostgreSQL too")
      return
    }
    #expect(short.port == 5432)

    #expect(throws: StoreLocationError.unknownScheme("mysql")) {
      try StoreLocation(parsing: "mysql://u@h/d")
    }
    #expect(throws: StoreLocationError.empty) { try StoreLocation(parsing: " ") }
    #expect(throws: StoreLocationError.missingPath("sqlite:")) {
      try StoreLocation(parsing: "sqlite:")
    }
    for bad in [
      "postgresql://u@h", "postgresql://u@h/", "postgresql:///d", "postgresql://u@h/d?pool=3",
      "postgresql://u@h/d?sslmode=maybe", "postgresql://u:pw@h:99999/d",
    ] {
      #expect(throws: StoreLocationError.self, "\(bad)") { try StoreLocation(parsing: bad) }
      do {
        _ = try StoreLocation(parsing: bad)
      } catch {
        #expect(!"\(error)".contains("pw"), "a password is never repeated: \(error)")
      }
    }
  }
}
