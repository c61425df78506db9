import Foundation
import Hummingbird

/// The live page's static client (`index.html`, CSS and JavaScript modules), read once from
/// the module's `Public` folder and served from memory by exact name.
///
/// Only the files of that folder exist: a path is percent-decoded once, and a path that
/// decodes to a NUL, a slash, a backslash or a dot segment is a 400; anything else that is not
/// one of the files goes on to the routes (and so to 404). The media type comes from the
/// file's extension alone, and each file carries an `ETag` of its content, so a reload costs a
/// 304.
struct StaticFiles<Context: RequestContext>: RouterMiddleware {
  /// One file, ready to send.
  struct File: Sendable {
    var body: ByteBuffer
    var contentType: String
    var etag: String
  }

  /// The files by request path (`/` is `index.html`).
  let files: [String: File]

  /// Reads every file of `folder` (not its subfolders).
  init(folder: URL) {
    var files: [String: File] = [:]
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    for name in names where !name.hasPrefix(".") {
      guard let data = try? Data(contentsOf: folder.appendingPathComponent(name)) else {
        continue
      }
      let file = File(
        body: ByteBuffer(bytes: data), contentType: Self.mediaType(ofFileNamed: name),
        etag: "\"\(Self.fingerprint(data))\"")
      files["/\(name)"] = file
      if name == "index.html" { files["/"] = file }
      if name == "signin.html" { files["/signin"] = file }
    }
    self.files = files
  }

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    let raw = request.uri.path
    let path = try Self.decode(raw)
    guard request.method == .get || request.method == .head, let file = files[path] else {
      return try await next(request, context)
    }
    var headers: HTTPFields = [
      .contentType: file.contentType, .eTag: file.etag, .cacheControl: "no-cache",
    ]
    if request.headers[.ifNoneMatch] == file.etag {
      return Response(status: .notModified, headers: headers)
    }
    headers[.contentLength] = String(file.body.readableBytes)
    return Response(
      status: .ok, headers: headers,
      body: request.method == .head ? .init() : .init(byteBuffer: file.body))
  }

  /// `path` percent-decoded once, refused if it is not a plain path.
  ///
  /// - Throws: a 400 problem for invalid percent-encoding, a NUL or other control character,
  ///   an encoded slash or backslash, or a `.` or `..` segment.
  static func decode(_ path: String) throws -> String {
    // One pass over the bytes: most paths have nothing to decode or refuse.
    var previous: UInt8 = 0
    let plain = path.utf8.allSatisfy { byte in
      defer { previous = byte }
      return byte != UInt8(ascii: "%") && byte != UInt8(ascii: "\\")
        && !(byte == UInt8(ascii: ".") && previous == UInt8(ascii: "/"))
    }
    if plain { return path }
    let refused = Problem.badRequest("the path \(path) is not a plain path", field: "path")
    guard path.utf8.count <= 1_024, let decoded = path.removingPercentEncoding else {
      throw refused
    }
    let segments = decoded.split(separator: "/", omittingEmptySubsequences: false)
    let encodedSlash = path.lowercased().contains("%2f") || path.lowercased().contains("%5c")
    guard !encodedSlash, !decoded.contains("\\"),
      !decoded.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }),
      !segments.contains(where: { $0 == "." || $0 == ".." })
    else { throw refused }
    return decoded
  }

  /// The media type of a file, from its extension only.
  static func mediaType(ofFileNamed name: String) -> String {
    switch name.split(separator: ".").last.map({ $0.lowercased() }) {
    case "html": "text/html; charset=utf-8"
    case "js", "mjs": "text/javascript; charset=utf-8"
    case "css": "text/css; charset=utf-8"
    case "json": "application/json"
    case "svg": "image/svg+xml"
    case "png": "image/png"
    case "ico": "image/x-icon"
    case "txt": "text/plain; charset=utf-8"
    default: "application/octet-stream"
    }
  }

  /// A short fingerprint of `data` (FNV-1a, 64 bits), for its `ETag`.
  static func fingerprint(_ data: Data) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in data {
      hash ^= UInt64(byte)
      hash = hash &* 0x100_0000_01b3
    }
    return String(hash, radix: 16)
  }
}
