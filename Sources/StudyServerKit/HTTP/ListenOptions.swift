import Foundation
import NIOSSL

/// Where and how the server listens.
public struct ListenOptions: Sendable {
    /// The address to bind (`127.0.0.1` by default; `0.0.0.0` for every interface).
    public var host: String
    /// The port (0: any free port).
    public var port: Int
    /// TLS certificate chain and private key (PEM files), or nil for plain HTTP (behind a TLS proxy).
    public var tls: TLSFiles?
    /// Timeouts and caps on connections.
    public var connections: ConnectionLimits

    /// Options.
    public init(host: String = "127.0.0.1", port: Int = 8080, tls: TLSFiles? = nil, connections: ConnectionLimits = ConnectionLimits()) {
        self.host = host
        self.port = port
        self.tls = tls
        self.connections = connections
    }

    /// PEM files for NIOSSL.
    public struct TLSFiles: Sendable, Equatable {
        /// The certificate chain.
        public var certificate: String
        /// The private key.
        public var key: String

        /// Files.
        public init(certificate: String, key: String) {
            self.certificate = certificate
            self.key = key
        }

        /// The server configuration; errors name the file.
        func configuration() throws -> TLSConfiguration {
            let chain: [NIOSSLCertificate]
            do { chain = try NIOSSLCertificate.fromPEMFile(certificate) } catch {
                throw ServerSetupError("cannot read the TLS certificate \(certificate): \(error)")
            }
            let privateKey: NIOSSLPrivateKey
            do { privateKey = try NIOSSLPrivateKey(file: key, format: .pem) } catch {
                throw ServerSetupError("cannot read the TLS key \(key): \(error)")
            }
            return TLSConfiguration.makeServerConfiguration(certificateChain: chain.map { .certificate($0) }, privateKey: .privateKey(privateKey))
        }
    }
}

/// A problem setting the server up, in one sentence (the command line prints it and exits).
public struct ServerSetupError: Error, CustomStringConvertible, Sendable {
    /// The sentence.
    public let description: String

    /// An error.
    public init(_ description: String) { self.description = description }
}
