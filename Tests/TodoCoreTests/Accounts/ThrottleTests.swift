import Foundation
import Testing

@testable import TodoCore

@Suite("Accounts: sign-in throttling")
struct ThrottleTests {
  @Test("the defaults: 3 free failures per name, 10 per address, 15 minutes at most, a day")
  func defaults() {
    let policy = ThrottlePolicy()
    #expect(policy.freeAccountFailures == 3)
    #expect(policy.freeAddressFailures == 10)
    #expect(policy.longest == .seconds(900))
    #expect(policy.memory == .seconds(86_400))
  }

  @Test("after 3 failures of a name the next attempt waits 1 s, then twice as long each time")
  func doubling() async throws {
    try await SettableClock.with { service, _ in
      let waits = try await Self.waits(
        service, failures: 6, name: "alice", address: "192.0.2.1")
      #expect(waits == [.zero, .zero, .seconds(1), .seconds(2), .seconds(4), .seconds(8)])
    }
  }

  @Test("the wait counts from the last failure and shrinks as time passes")
  func shrinks() async throws {
    try await SettableClock.with { service, clock in
      _ = try await Self.waits(service, failures: 5, name: "alice", address: "192.0.2.1")
      func wait() async throws -> Duration {
        try await service.signInWait(name: "alice", address: "192.0.2.1")
      }
      #expect(try await wait() == .seconds(4))
      clock.advance(1)
      #expect(try await wait() == .seconds(3))
      clock.advance(2.5)
      #expect(try await wait() == .milliseconds(500))
      clock.advance(0.5)
      #expect(try await wait() == .zero)
      clock.advance(60)
      #expect(try await wait() == .zero)
      // The next failure doubles again, from its own time.
      try await service.recordSignInFailure(name: "alice", address: "192.0.2.1")
      #expect(try await wait() == .seconds(8))
    }
  }

  @Test("the wait stops growing at the longest")
  func longest() async throws {
    try await SettableClock.with { service, _ in
      let waits = try await Self.waits(service, failures: 14, name: "alice", address: "a")
      #expect(waits[11] == .seconds(512))
      #expect(waits[12] == .seconds(900))
      #expect(waits[13] == .seconds(900))
      let short = ThrottlePolicy(longest: .seconds(5))
      try await service.recordSignInFailure(name: "bob", address: "b", policy: short)
      for _ in 0..<5 {
        try await service.recordSignInFailure(name: "bob", address: "b", policy: short)
      }
      #expect(try await service.signInWait(name: "bob", address: "b", policy: short) == .seconds(5))
    }
  }

  @Test("a name counts whatever its case and spaces, from any address")
  func nameKey() async throws {
    try await SettableClock.with { service, _ in
      try await service.recordSignInFailure(name: "Alice", address: "192.0.2.1")
      try await service.recordSignInFailure(name: " alice ", address: "192.0.2.2")
      try await service.recordSignInFailure(name: "ALICE", address: "192.0.2.3")
      #expect(try await service.signInWait(name: "alice", address: "192.0.2.4") == .seconds(1))
      #expect(try await service.signInWait(name: "bob", address: "192.0.2.1") == .zero)
    }
  }

  @Test("an address counts its failures of every name: 10 are free")
  func address() async throws {
    try await SettableClock.with { service, _ in
      let address = "198.51.100.7"
      for index in 1...9 {
        try await service.recordSignInFailure(name: "user\(index)", address: address)
      }
      #expect(try await service.signInWait(name: "fresh", address: address) == .zero)
      try await service.recordSignInFailure(name: "user10", address: address)
      #expect(try await service.signInWait(name: "fresh", address: address) == .seconds(1))
      #expect(try await service.signInWait(name: "user1", address: address) == .seconds(1))
      #expect(try await service.signInWait(name: "fresh", address: "198.51.100.8") == .zero)
      try await service.recordSignInFailure(name: "user11", address: address)
      #expect(try await service.signInWait(name: "fresh", address: address) == .seconds(2))
    }
  }

  @Test("the answer is the same for a name that does not exist")
  func unknownName() async throws {
    try await SettableClock.with { service, _ in
      _ = try await service.createAccount(named: "alice", passwordHash: "hash")
      let real = try await Self.waits(service, failures: 5, name: "alice", address: "a")
      let ghost = try await Self.waits(service, failures: 5, name: "ghost", address: "b")
      #expect(real == ghost)
      #expect(real.last == .seconds(4))
    }
  }

  @Test("a successful sign-in forgets the name's and the address's failures")
  func clear() async throws {
    try await SettableClock.with { service, _ in
      _ = try await Self.waits(service, failures: 4, name: "alice", address: "a")
      for index in 1...6 {
        try await service.recordSignInFailure(name: "user\(index)", address: "a")
      }
      #expect(try await service.signInWait(name: "alice", address: "a") == .seconds(2))
      #expect(try await service.signInWait(name: "other", address: "a") == .seconds(1))
      try await service.clearSignInFailures(name: "ALICE", address: "a")
      #expect(try await service.signInWait(name: "alice", address: "a") == .zero)
      #expect(try await service.signInWait(name: "other", address: "a") == .zero)
      // The count starts again from nothing.
      let waits = try await Self.waits(service, failures: 3, name: "alice", address: "a")
      #expect(waits == [.zero, .zero, .seconds(1)])
      // Other names keep theirs.
      _ = try await Self.waits(service, failures: 2, name: "bob", address: "b")
      try await service.clearSignInFailures(name: "alice", address: "a")
      try await service.recordSignInFailure(name: "bob", address: "b")
      #expect(try await service.signInWait(name: "bob", address: "b") == .seconds(1))
    }
  }

  @Test("failures older than the memory are forgotten")
  func memory() async throws {
    try await SettableClock.with { service, clock in
      _ = try await Self.waits(service, failures: 5, name: "alice", address: "a")
      clock.advance(86_399)
      #expect(try await service.signInWait(name: "alice", address: "a") == .zero)
      try await service.recordSignInFailure(name: "alice", address: "a")
      #expect(
        try await service.signInWait(name: "alice", address: "a") == .seconds(8),
        "a day less a second remembers")

      clock.advance(86_400)
      // If the six failures were remembered, this one would wait 16 s.
      let waits = try await Self.waits(service, failures: 3, name: "alice", address: "a")
      #expect(waits == [.zero, .zero, .seconds(1)])
    }
  }

  /// Records `failures` failures, returning the wait after each.
  static func waits(
    _ service: TodoService, failures: Int, name: String, address: String
  ) async throws -> [Duration] {
    var waits: [Duration] = []
    for _ in 0..<failures {
      try await service.recordSignInFailure(name: name, address: address)
      waits.append(try await service.signInWait(name: name, address: address))
    }
    return waits
  }
}
