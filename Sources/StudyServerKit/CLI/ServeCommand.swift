import Foundation
import Logging
import ServerStore

/// `studyterm-server [serve] --study DIR | --database URL [--host H] [--port P] [--tls-cert F --tls-key F] ...`:
/// publishes the folder's study (when given) and serves the API until SIGTERM or SIGINT.
struct ServeCommand {
    let arguments: ServerArguments

    init(_ arguments: ServerArguments) throws(UsageError) {
        try arguments.allow(command: "serve")
        if (arguments.value("tls-cert") == nil) != (arguments.value("tls-key") == nil) {
            throw UsageError("give both --tls-cert and --tls-key, or neither")
        }
        self.arguments = arguments
    }

    func run() async throws {
        let listen = ListenOptions(host: arguments.value("host") ?? "127.0.0.1",
                                   port: try arguments.integer("port", in: 0...65535) ?? 8080,
                                   tls: arguments.value("tls-cert").map { ListenOptions.TLSFiles(certificate: $0, key: arguments.value("tls-key")!) },
                                   connections: try connectionLimits().fitted(toOpenFileLimit: ConnectionLimits.raiseOpenFileLimit()))
        var limits = ServerLimits()
        limits.registrationBurst = try arguments.integer("registration-burst", in: 1...100_000) ?? limits.registrationBurst
        limits.registrationsPerMinute = try arguments.integer("registrations-per-minute", in: 1...100_000) ?? limits.registrationsPerMinute
        limits.resultsBodyBytes = (try arguments.integer("max-body-mib", in: 1...1024)).map { $0 << 20 } ?? limits.resultsBodyBytes
        limits.trustForwardedFor = arguments.flags.contains("trust-forwarded-for")

        let database = try ServerMain.database(arguments)
        let store = try await ServerMain.open(database)
        let logger = Logger(label: "studyterm-server")
        let c = listen.connections
        logger.info("connections: request head within \(c.headTimeout), idle \(c.idleTimeout), at most \(c.maxConnections) (\(c.maxConnectionsPerAddress) per address)")
        do {
            if let study = arguments.value("study") {
                let (published, isNew) = try await PublishCommand.publish(folder: study, store: store)
                logger.info("study \(published.studyID) version \(published.version) \(isNew ? "published" : "already published")")
            } else if try await store.currentStudy() == nil {
                throw ServerFailure("the database holds no study yet: start once with --study DIR, or run publish --study DIR", code: .invalidStudy)
            }
            let api = StudyAPIServer(store: store, limits: limits)
            try await RunningServer.run(api: api, listen: listen, logger: logger) { port in
                let scheme = listen.tls == nil ? "http" : "https"
                logger.info("listening on \(scheme)://\(listen.host):\(port) with \(database.displayName)")
                FileHandle.standardOutput.write(Data("studyterm-server: listening on \(scheme)://\(listen.host):\(port) (\(database.displayName)); Ctrl-C stops it\n".utf8))
            }
        } catch {
            await store.close()
            if error is ServerFailure || error is UsageError || error is ServerStoreError { throw error }
            throw ServerFailure("cannot serve on \(listen.host):\(listen.port): \(error)", code: .cannotListen)
        }
        await store.close()
    }

    /// `--head-timeout`, `--idle-timeout` (seconds), `--max-connections` and
    /// `--max-connections-per-address`; behind a proxy (`--trust-forwarded-for`) every connection
    /// comes from the proxy, so the per-address cap defaults to the total.
    func connectionLimits() throws(UsageError) -> ConnectionLimits {
        var limits = ConnectionLimits()
        if let seconds = try arguments.integer("head-timeout", in: 1...3600) { limits.headTimeout = .seconds(seconds) }
        if let seconds = try arguments.integer("idle-timeout", in: 1...86400) { limits.idleTimeout = .seconds(seconds) }
        limits.maxConnections = try arguments.integer("max-connections", in: 1...1_000_000) ?? limits.maxConnections
        let perAddressDefault = arguments.flags.contains("trust-forwarded-for") ? limits.maxConnections : limits.maxConnectionsPerAddress
        limits.maxConnectionsPerAddress = try arguments.integer("max-connections-per-address", in: 1...1_000_000) ?? perAddressDefault
        return limits
    }
}
