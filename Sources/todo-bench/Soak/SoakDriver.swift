import Foundation
import Synchronization
import TodoCore

/// The writers of the soak: a few keep-alive connections, one thread each, each repeating a
/// cycle of mixed writes through the JSON API on todos of its own, until a fixed end.
///
/// A cycle: create a todo, rename a todo, move a todo after another, trash the created todo
/// and delete it from the trash, trash a todo and restore it. The list and the trash keep
/// their sizes, so what the database gains in a steady run is history: change records, and
/// the calendar tombstones of deleted todos.
struct SoakDriver {
  var port: Int
  /// The connections writing, the warm-up and the measured seconds after it.
  var options: SoakOptions
  /// The seeded todos of the list, shared out between the connections.
  var todoIDs: [UUID]
  /// Resident memory is sampled at the end of the warm-up and every `sampleEvery` seconds.
  var sampleEvery: Int
  /// The database's size in bytes, sampled with the resident memory.
  var databaseBytes: @Sendable () -> Int?

  struct Result: Sendable {
    /// Successful writes in each second of the measured time.
    var perSecond: [Int]
    var failures: Int
    var firstFailure: String?
    /// Resident bytes at the end of the warm-up, then at each sampling second (when reached).
    var residentAtWarmUpEnd: Int?
    var residentSamples: [Int: Int]
    /// The database's bytes at the end of the warm-up.
    var databaseAtWarmUpEnd: Int?
    /// Cycles completed, warm-up included.
    var cycles: Int
  }

  func run() throws -> Result {
    // A plain integer for the writer threads, whose bookkeeping reads it on every request.
    let seconds = options.duration
    let clock = ContinuousClock()
    let start = clock.now
    let measureFrom = start + .seconds(options.warmUp)
    let end = measureFrom + .seconds(seconds)
    let shared = Shared(seconds: seconds)
    let group = DispatchGroup()
    for connection in 0..<options.connections {
      let owned = stride(from: connection, to: todoIDs.count, by: options.connections).map {
        todoIDs[$0]
      }
      group.enter()
      let thread = Thread {
        defer { group.leave() }
        var counts = [Int](repeating: 0, count: seconds)
        var failures = 0
        var firstFailure: String? = nil
        var cycles = 0
        // Connection 0 also samples resident memory as it passes each sampling time.
        var nextSample = 0
        var residentAtWarmUpEnd: Int? = nil
        var databaseAtWarmUpEnd: Int? = nil
        var samples: [Int: Int] = [:]
        func record(_ status: Int, expected: Int, _ what: String) -> Bool {
          let now = clock.now
          if connection == 0, now >= measureFrom {
            if residentAtWarmUpEnd == nil {
              residentAtWarmUpEnd = ResidentMemory.bytes
              databaseAtWarmUpEnd = databaseBytes()
            }
            let second = Int((now - measureFrom).milliseconds / 1_000)
            while nextSample <= min(second, seconds) {
              if nextSample > 0 { samples[nextSample] = ResidentMemory.bytes }
              nextSample += sampleEvery
            }
          }
          guard status == expected else {
            failures += 1
            if firstFailure == nil { firstFailure = "\(what) answered \(status)" }
            return false
          }
          if now >= measureFrom, now < end {
            counts[min(seconds - 1, Int((now - measureFrom).milliseconds / 1_000))] += 1
          }
          return true
        }
        do {
          let http = try HTTPConnection(port: port)
          let n = owned.count
          let createPath = "/api/v1/lists/\(TodoList.inboxID.uuidString)/todos"
          var cycle = 0
          while clock.now < end {
            let tag = "\(connection)-\(cycle)"
            let created = try http.roundTripWithBody(
              httpRequest("POST", createPath, port: port, json: #"{"title":"soak \#(tag)"}"#))
            let createdID = Self.identifier(in: created.body)
            _ = record(created.status, expected: 201, "create")
            let renamed = owned[cycle % n]
            _ = record(
              try http.roundTrip(
                httpRequest(
                  "PATCH", "/api/v1/todos/\(renamed.uuidString)", port: port,
                  json: #"{"title":"renamed \#(tag)"}"#)
              ).status, expected: 200, "rename")
            let moved = owned[(cycle + 1) % n]
            let anchor = owned[(cycle + 1 + n / 2) % n]
            _ = record(
              try http.roundTrip(
                httpRequest(
                  "POST", "/api/v1/todos/\(moved.uuidString)/move", port: port,
                  json: #"{"after":"\#(anchor.uuidString)"}"#)
              ).status, expected: 200, "move")
            if let createdID {
              _ = record(
                try http.roundTrip(httpRequest("DELETE", "/api/v1/todos/\(createdID)", port: port))
                  .status, expected: 200, "trash the created todo")
              _ = record(
                try http.roundTrip(
                  httpRequest("DELETE", "/api/v1/trash/todos/\(createdID)", port: port)
                ).status, expected: 204, "delete the created todo")
            }
            let trashed = owned[(cycle + 2) % n]
            _ = record(
              try http.roundTrip(
                httpRequest("DELETE", "/api/v1/todos/\(trashed.uuidString)", port: port)
              ).status, expected: 200, "trash")
            _ = record(
              try http.roundTrip(
                httpRequest("POST", "/api/v1/todos/\(trashed.uuidString)/restore", port: port)
              ).status, expected: 200, "restore")
            cycle += 1
            cycles = cycle
          }
        } catch {
          failures += 1
          if firstFailure == nil { firstFailure = "connection \(connection): \(error)" }
        }
        shared.merge(
          counts: counts, failures: failures, firstFailure: firstFailure, cycles: cycles,
          residentAtWarmUpEnd: residentAtWarmUpEnd, databaseAtWarmUpEnd: databaseAtWarmUpEnd,
          samples: samples)
      }
      thread.stackSize = 1 << 20
      thread.start()
    }
    group.wait()
    return shared.result.withLock { $0 }
  }

  /// The `"id"` of a todo's JSON body.
  static func identifier(in body: [UInt8]) -> String? {
    let key = Array(#""id":""#.utf8)
    guard body.count >= key.count + 36 else { return nil }
    for index in 0...(body.count - key.count - 36) where body[index] == key[0] {
      if Array(body[index..<(index + key.count)]) == key {
        return String(decoding: body[(index + key.count)..<(index + key.count + 36)], as: UTF8.self)
      }
    }
    return nil
  }

  final class Shared: Sendable {
    let result: Mutex<Result>

    init(seconds: Int) {
      result = Mutex(
        Result(
          perSecond: Array(repeating: 0, count: seconds), failures: 0, firstFailure: nil,
          residentAtWarmUpEnd: nil, residentSamples: [:], databaseAtWarmUpEnd: nil, cycles: 0))
    }

    func merge(
      counts: [Int], failures: Int, firstFailure: String?, cycles: Int,
      residentAtWarmUpEnd: Int?, databaseAtWarmUpEnd: Int?, samples: [Int: Int]
    ) {
      result.withLock { result in
        for (second, count) in counts.enumerated() { result.perSecond[second] += count }
        result.failures += failures
        result.firstFailure = result.firstFailure ?? firstFailure
        result.cycles += cycles
        result.residentAtWarmUpEnd = result.residentAtWarmUpEnd ?? residentAtWarmUpEnd
        result.databaseAtWarmUpEnd = result.databaseAtWarmUpEnd ?? databaseAtWarmUpEnd
        result.residentSamples.merge(samples) { first, _ in first }
      }
    }
  }
}
