import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A plain HTTP/1.1 client over a TCP socket to 127.0.0.1: real requests on loopback, with
/// nothing added or hidden (tests send exactly the headers and bytes they mean).
struct LoopbackHTTP: Sendable {
    /// An answer.
    struct Reply: Sendable {
        /// The status code.
        var status: Int
        /// Header names in lower case.
        var headers: [String: String]
        /// The body.
        var body: Data
        /// The body as JSON.
        var json: Any? { try? JSONSerialization.jsonObject(with: body) }
        /// A top-level string field of a JSON object body.
        func field(_ name: String) -> String? { (json as? [String: Any])?[name] as? String }
    }

    /// The server's port.
    let port: Int

    /// Sends one request (on its own connection) and reads the whole answer. The blocking socket
    /// calls run on a thread of their own: on the cooperative pool they would starve the server's
    /// handlers, which share it.
    func send(_ method: String, _ path: String, headers: [String: String] = [:], body: Data? = nil) async throws -> Reply {
        let port = self.port
        return try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(with: Result { try Self.exchange(port: port, method: method, path: path, headers: headers, body: body) })
            }
        }
    }

    /// JSON `value` as the body.
    func send(_ method: String, _ path: String, headers: [String: String] = [:], json value: Any) async throws -> Reply {
        var headers = headers
        headers["Content-Type"] = "application/json"
        return try await send(method, path, headers: headers, body: try JSONSerialization.data(withJSONObject: value))
    }

    private static func exchange(port: Int, method: String, path: String, headers: [String: String], body: Data?) throws -> Reply {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EIO) }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw POSIXError(.ECONNREFUSED) }
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if let body { head += "Content-Length: \(body.count)\r\n" }
        var bytes = Data((head + "\r\n").utf8)
        if let body { bytes.append(body) }
        bytes.withUnsafeBytes { raw in
            var sent = 0
            while sent < raw.count {
                let n = Glibc.send(fd, raw.baseAddress! + sent, raw.count - sent, Int32(MSG_NOSIGNAL))
                if n <= 0 { break }  // the server may answer (413) and close before reading everything
                sent += n
            }
        }
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = recv(fd, &buffer, buffer.count, 0)
            if n <= 0 { break }
            received.append(buffer, count: n)
        }
        return try parse(received)
    }

    private static func parse(_ data: Data) throws -> Reply {
        guard let split = data.range(of: Data("\r\n\r\n".utf8)),
              let head = String(data: data[..<split.lowerBound], encoding: .utf8) else { throw POSIXError(.EBADMSG) }
        var lines = head.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else { throw POSIXError(.EBADMSG) }
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        var body = Data(data[split.upperBound...])
        if headers["transfer-encoding"]?.lowercased() == "chunked" { body = dechunk(body) }
        return Reply(status: status, headers: headers, body: body)
    }

    private static func dechunk(_ data: Data) -> Data {
        var out = Data()
        var rest = data[...]
        while let lineEnd = rest.range(of: Data("\r\n".utf8)),
              let size = Int(String(decoding: rest[..<lineEnd.lowerBound], as: UTF8.self), radix: 16), size > 0 {
            let start = lineEnd.upperBound
            out.append(rest[start..<min(rest.endIndex, start + size)])
            rest = rest[min(rest.endIndex, start + size + 2)...]
        }
        return out
    }
}
