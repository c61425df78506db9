import Foundation
import HTTPTypes

/// The proxies whose `X-Forwarded-For` and `Forwarded` headers say who the client is
/// (`todo serve --trusted-proxy 10.0.0.0/8`): for sign-in throttling and logs. A request from
/// any other peer is its peer, whatever it claims: otherwise anyone could throttle anyone, or
/// slip past their own throttle.
public struct TrustedProxies: Sendable, Hashable {
  /// One network: an address's first bytes, and how many of its bits count.
  struct Network: Sendable, Hashable {
    var bytes: [UInt8]
    var prefix: Int

    func contains(_ address: [UInt8]) -> Bool {
      guard address.count == bytes.count else { return false }
      var bits = prefix
      for (mine, theirs) in zip(bytes, address) where bits > 0 {
        let mask: UInt8 = bits >= 8 ? 0xFF : ~(0xFF >> UInt8(bits))
        if mine & mask != theirs & mask { return false }
        bits -= 8
      }
      return true
    }
  }

  let networks: [Network]

  /// No proxy is trusted.
  public static let none = TrustedProxies(networks: [])

  private init(networks: [Network]) {
    self.networks = networks
  }

  /// Parses networks written `ADDRESS/BITS` or `ADDRESS` (one address), IPv4 or IPv6.
  ///
  /// - Throws: ``Invalid`` naming the first entry that is not one.
  public init(parsing entries: [String]) throws(Invalid) {
    var networks: [Network] = []
    for entry in entries {
      let parts = entry.split(separator: "/", omittingEmptySubsequences: false)
      guard parts.count <= 2, let bytes = Self.bytes(of: String(parts[0])) else {
        throw Invalid(entry: entry)
      }
      let prefix = parts.count == 2 ? Int(parts[1]) : bytes.count * 8
      guard let prefix, (0...bytes.count * 8).contains(prefix) else { throw Invalid(entry: entry) }
      networks.append(Network(bytes: bytes, prefix: prefix))
    }
    self.networks = networks
  }

  /// An entry that is not a network.
  public struct Invalid: Error, CustomStringConvertible {
    public var entry: String
    public var description: String {
      "\(entry) is not an address or a network; write 10.0.0.0/8, 192.0.2.1 or fd00::/8"
    }
  }

  /// Whether `address` is in a trusted network.
  func trusts(_ address: String) -> Bool {
    guard let bytes = Self.bytes(of: address) else { return false }
    return networks.contains { $0.contains(bytes) }
  }

  /// The client a request comes from: `peer`, unless `peer` is a trusted proxy; then the
  /// nearest address the forwarding headers name that is not a trusted proxy (each proxy
  /// appends the address it heard from, so the ones further left are only what the client
  /// claimed).
  func client(peer: String, headers: HTTPFields) -> String {
    guard !networks.isEmpty, trusts(peer) else { return peer }
    let list = headers[values: .xForwardedFor].joined(separator: ",")
    let chain =
      if let forwarded = headers[.forwarded] {
        Self.forwardedFor(forwarded)
      } else {
        list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
      }
    for address in chain.reversed() {
      guard Self.bytes(of: address) != nil else { return peer }
      if !trusts(address) { return address }
    }
    return chain.first.flatMap { Self.bytes(of: $0) != nil ? $0 : nil } ?? peer
  }

  /// The `for=` addresses of a `Forwarded` header (RFC 7239), in order, without ports or
  /// brackets.
  static func forwardedFor(_ value: String) -> [String] {
    value.split(separator: ",").compactMap { element in
      for pair in element.split(separator: ";") {
        let parts = pair.split(separator: "=", maxSplits: 1)
        guard parts.count == 2,
          parts[0].trimmingCharacters(in: .whitespaces).lowercased() == "for"
        else { continue }
        var node = parts[1].trimmingCharacters(in: .whitespaces)
          .trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        if node.hasPrefix("["), let end = node.firstIndex(of: "]") {
          node = String(node[node.index(after: node.startIndex)..<end])
        } else if node.filter({ $0 == ":" }).count == 1, let colon = node.firstIndex(of: ":") {
          node = String(node[..<colon])
        }
        return node
      }
      return nil
    }
  }

  /// An IPv4 or IPv6 address's bytes, or `nil` when `text` is neither.
  static func bytes(of text: String) -> [UInt8]? {
    var v4 = in_addr()
    if inet_pton(AF_INET, text, &v4) == 1 {
      return withUnsafeBytes(of: &v4) { Array($0) }
    }
    var v6 = in6_addr()
    if inet_pton(AF_INET6, text, &v6) == 1 {
      return withUnsafeBytes(of: &v6) { Array($0) }
    }
    return nil
  }
}

extension HTTPField.Name {
  /// `Forwarded` (RFC 7239).
  static let forwarded = Self("Forwarded")!
  /// `X-Forwarded-For`, the de facto list of addresses a request passed through.
  static let xForwardedFor = Self("X-Forwarded-For")!
}
