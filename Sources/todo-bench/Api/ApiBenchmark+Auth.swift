import Foundation
import Logging
import TodoCore
import TodoServer

extension ApiBenchmark {
  /// `todo-bench api --auth`: what accounts cost a request.
  ///
  /// Two servers on copies of one database holding a list of `smallList` todos: one without
  /// accounts, one where a user owns the list. The same list read is measured on both, round
  /// after round, the second with `Authorization: Bearer` (the token is checked, its account
  /// read, the list's owner compared: every request). Then `signIns` sign-ins one after the
  /// other (bcrypt at the server's cost), whose latency is reported.
  func runAuth(
    directory: URL, logger: Logger,
    generator: @escaping @Sendable (Int) -> LoadGenerator
  ) async throws {
    let plain = directory.appendingPathComponent("plain.sqlite")
    let seeded = try await BenchData.seed(.file(plain), lists: ["Bench": smallList])
    let accounts = directory.appendingPathComponent("accounts.sqlite")
    try BenchData.copy(plain, to: accounts)
    let password = "bench-password-\(UUID().uuidString)"
    let credential = TokenCredential.make()
    do {
      let service = try await TodoService.open(.file(accounts))
      defer { try? service.close() }
      let account = try await service.createAccount(
        named: "bench", passwordHash: await PasswordHasher().hash(password))
      _ = try await service.createToken(
        id: credential.id, for: account.id, named: "bench", scope: .readWrite,
        secretHash: Secrets.hash(credential.secret))
    }
    let path = "/api/v1/lists/\(seeded.list("Bench").uuidString)/todos"
    let bearer = "Authorization: Bearer \(credential.text)"
    let (rounds, count) = (rounds, signIns)
    let (reads, latencies) = try await BenchServer.withTodoServer(
      database: .file(plain), logger: logger
    ) { plainPort in
      try await BenchServer.withTodoServer(database: .file(accounts), logger: logger) {
        accountsPort in
        // Both answer the same body, and the accounts server only with the token.
        let anonymous = try await Blocking.run {
          try HTTPConnection(port: accountsPort).roundTrip(
            httpRequest("GET", path, port: accountsPort))
        }
        guard anonymous.status == 401 else {
          throw BenchError("the accounts server answered \(anonymous.status) without a token")
        }
        let scenarios = [
          Scenario(get: path, port: plainPort),
          Scenario(get: path, port: accountsPort, headers: [bearer]),
        ]
        let results = try await Self.measure(scenarios, rounds: rounds, generator: generator)
        let signIn = httpRequest(
          "POST", "/api/v1/session", port: accountsPort,
          json: #"{"name":"bench","password":"\#(password)"}"#)
        var latencies: [Double] = []
        for _ in 0..<count {
          let start = ContinuousClock.now
          let answer = try await Blocking.run {
            try HTTPConnection(port: accountsPort).roundTrip(signIn)
          }
          guard answer.status == 200 else {
            throw BenchError("a sign-in answered \(answer.status)")
          }
          let elapsed = ContinuousClock.now - start
          latencies.append(
            Double(elapsed.components.attoseconds) / 1e15
              + Double(elapsed.components.seconds) * 1_000)
        }
        return (results, latencies)
      }
    }
    let (plainRead, tokenRead) = (Self.combined(reads[0]), Self.combined(reads[1]))
    let ratios = zip(reads[1], reads[0]).map { $0.requestsPerSecond / $1.requestsPerSecond }
    var table = Table(
      "scenario", "todos in list", "requests", "req/s", "p50 ms", "p99 ms", "failed")
    for (name, result) in [
      ("GET list, no accounts", plainRead), ("GET list, accounts, Bearer token", tokenRead),
    ] {
      table.append(
        name, "\(smallList)", "\(result.requests)", Self.whole(result.requestsPerSecond),
        Format.fixed(result.percentile(0.5), 3), Format.fixed(result.percentile(0.99), 3),
        "\(result.failures)")
    }
    print(
      "todo-bench api --auth: \(connections) keep-alive connections on 127.0.0.1, \(rounds) "
        + "rounds; \(signIns) sign-ins one after the other (bcrypt cost "
        + "\(PasswordHasher.defaultCost))")
    print(table.rendered)
    print(
      "ratios per round: auth_list_vs_plain "
        + ratios.map { Format.fixed($0, 2) }.joined(separator: " "))
    print(
      Format.summary([
        "plain_list_rps": Self.whole(plainRead.requestsPerSecond),
        "auth_list_rps": Self.whole(tokenRead.requestsPerSecond),
        "auth_list_vs_plain": Format.fixed(Measure.percentile(ratios, 0.5), 2),
        "auth_list_p99_ms": Format.fixed(tokenRead.percentile(0.99), 3),
        "signin_p50_ms": Format.fixed(Measure.percentile(latencies, 0.5), 1),
        "signin_p99_ms": Format.fixed(Measure.percentile(latencies, 0.99), 1),
      ]))
  }
}
