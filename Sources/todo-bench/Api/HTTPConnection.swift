#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A blocking HTTP/1.1 keep-alive connection to a loopback port: the load generator's client.
///
/// It sends a prepared request and reads one response (status line, headers, a
/// `Content-Length` body), reusing the connection. Small on purpose: no TLS, no chunked
/// bodies, loopback only.
final class HTTPConnection {
  enum Failure: Error, CustomStringConvertible {
    case connect(Int32)
    case send(Int32)
    case closed
    case malformed(String)

    var description: String {
      switch self {
      case .connect(let code): "connect failed (errno \(code))"
      case .send(let code): "send failed (errno \(code))"
      case .closed: "the server closed the connection"
      case .malformed(let what): "malformed response: \(what)"
      }
    }
  }

  private let socket: Int32
  private var buffer: [UInt8] = []
  private var start = 0
  private var chunk = [UInt8](repeating: 0, count: 65_536)

  /// Connects to `127.0.0.1:port`.
  init(port: Int) throws {
    #if canImport(Glibc)
      socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
      socket = Darwin.socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard socket >= 0 else { throw Failure.connect(errno) }
    var noDelay: Int32 = 1
    setsockopt(
      socket, Int32(IPPROTO_TCP), TCP_NODELAY, &noDelay, socklen_t(MemoryLayout<Int32>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let result = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard result == 0 else {
      close(socket)
      throw Failure.connect(errno)
    }
  }

  deinit { close(socket) }

  /// Sends `request` (complete bytes) and returns the response status and body length.
  func roundTrip(_ request: [UInt8]) throws -> (status: Int, bodyLength: Int) {
    try exchange(request, keepingBody: false)
  }

  /// Sends `request` and returns the response status and body.
  func roundTripWithBody(_ request: [UInt8]) throws -> (status: Int, body: [UInt8]) {
    var body: [UInt8] = []
    let status = try exchange(request, keepingBody: true) { body = Array($0) }.status
    return (status, body)
  }

  private func exchange(
    _ request: [UInt8], keepingBody: Bool, _ receive: (ArraySlice<UInt8>) -> Void = { _ in }
  ) throws -> (status: Int, bodyLength: Int) {
    var sent = 0
    while sent < request.count {
      let count = request.withUnsafeBytes { bytes in
        send(socket, bytes.baseAddress! + sent, request.count - sent, Int32(MSG_NOSIGNAL))
      }
      guard count > 0 else { throw Failure.send(errno) }
      sent += count
    }
    let headEnd = try readHead()
    let head = String(decoding: buffer[start..<headEnd], as: UTF8.self)
    let lines = head.split(separator: "\r\n")
    guard let statusLine = lines.first, statusLine.count >= 12,
      let status = Int(statusLine.dropFirst(9).prefix(3))
    else { throw Failure.malformed("status line") }
    var length = 0
    for line in lines.dropFirst() where line.lowercased().hasPrefix("content-length:") {
      length = Int(line.dropFirst(15).trimmingCharacters(in: " ")) ?? 0
    }
    start = headEnd + 4
    while buffer.count - start < length { try fill() }
    if keepingBody { receive(buffer[start..<(start + length)]) }
    start += length
    if start == buffer.count {
      buffer.removeAll(keepingCapacity: true)
      start = 0
    }
    return (status, length)
  }

  /// The index of the `\r\n\r\n` that ends the head, reading more as needed.
  private func readHead() throws -> Int {
    var from = start
    while true {
      if buffer.count >= from + 4 {
        for index in from...(buffer.count - 4)
        where buffer[index] == 13 && buffer[index + 1] == 10 && buffer[index + 2] == 13
          && buffer[index + 3] == 10
        {
          return index
        }
        from = buffer.count - 3
      }
      try fill()
    }
  }

  private func fill() throws {
    let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress!, $0.count, 0) }
    guard count > 0 else { throw Failure.closed }
    buffer.append(contentsOf: chunk[0..<count])
  }
}

extension Substring {
  fileprivate func trimmingCharacters(in character: Character) -> String {
    var text = self
    while text.first == character { text.removeFirst() }
    while text.last == character { text.removeLast() }
    return String(text)
  }
}

/// Builds the bytes of an HTTP/1.1 request to the server on `127.0.0.1:port`.
func httpRequest(
  _ method: String, _ path: String, port: Int, json: String? = nil, headers: [String] = []
) -> [UInt8] {
  var text =
    "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: keep-alive\r\n"
  for header in headers { text += header + "\r\n" }
  if let json {
    text += "Content-Type: application/json\r\nContent-Length: \(json.utf8.count)\r\n\r\n\(json)"
  } else if method == "GET" || method == "HEAD" {
    text += "\r\n"
  } else {
    text += "Content-Length: 0\r\n\r\n"
  }
  return Array(text.utf8)
}
