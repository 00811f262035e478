import Foundation
import StudyAPI
import StudyCore
import StudySync
import TUIKit

/// `studyterm kiosk register --config FILE --token TOKEN`: registers the station with the study
/// server its configuration names (`study.server`), once, with a registration token from the
/// study team (`studyterm-server tokens`): the station becomes one participant of the study,
/// its credentials are written to `study.credentials` (mode 0600), and the study is stored in the
/// data folder so the station also starts without the network.
package struct KioskRegisterCommand: StudyTermCommand {
    package static let spec = CommandSpec(
        path: ["kiosk", "register"],
        abstract: "Register the station with its study server (once, with a registration token) and store the study.",
        discussion: """
            The configuration's study must be {"server": URL, "credentials": PATH}. Staff agree to the study's \
            current consent on the station's behalf (each participant still sees it at the station); the server \
            issues the station's credentials, written to PATH with mode 0600, and the study is stored in the data \
            folder. Every session's results are sent under the station's credentials, each marked with the \
            session's withdrawal code. A station that is registered already is refused: delete PATH to register again.
            """,
        options: [
            .value("config", "The station configuration (JSON).", completes: .file),
            .value("token", "The registration token the study team gave for this station."),
        ],
        exitStatus: [("0", "Registered, the study stored."), ("1", "The server refused the token, or cannot be reached."),
                     ("4", "The credentials cannot be written."), ("78", "The configuration is not valid, names no study server, or the station is registered already.")])

    /// The station configuration.
    let config: String?
    /// The registration token.
    let token: String?

    package init(_ arguments: ParsedArguments) throws(UsageError) {
        (config, token) = (arguments.value("config"), arguments.value("token"))
        if config == nil || token == nil { throw UsageError("give --config FILE and --token TOKEN", spec: Self.spec) }
    }

    package func run() throws {
        let configuration = try KioskCheckConfigCommand.load(config ?? "")
        let credentials = try Self.register(configuration, token: token ?? "", transport: LiveSync.transport(),
                                            allowPlainHTTP: LiveSync.allowsPlainHTTP())
        Console.out("The station \(configuration.stationID) is registered with \(credentials.server) in the study \(credentials.studyID).")
        let source = StationStudy(credentials: credentials, dataDirectory: configuration.dataDirectory,
                                  transport: LiveSync.transport(), allowPlainHTTP: LiveSync.allowsPlainHTTP())
        do throws(StudyFetchError) {
            let study = try source.fetch(stored: nil)
            Console.out("The study \"\(study.title)\" (version \(study.version)) is stored for starts without the network.")
        } catch {
            throw CLIError(message: "registered, but the study cannot be stored yet (the station fetches it when it starts): \(error.description)",
                           code: 1)
        }
    }

    /// Registers the station of `configuration` with `token`; returns the credentials written.
    package static func register(_ configuration: KioskConfiguration, token: String, transport: any HTTPTransport,
                                 allowPlainHTTP: Bool, now: Date = Date()) throws(CLIError) -> StationCredentials {
        guard case .server(let url, let file) = configuration.study else {
            throw CLIError(message: "the station's study is a folder; only a station with study.server registers", code: CLIError.Code.badConfiguration)
        }
        guard PrivateFile.mode(of: file) == nil else {
            throw CLIError(message: "the station is registered already (\(file) exists); delete it to register again",
                           code: CLIError.Code.badConfiguration)
        }
        let written = WrittenCredentials()
        let server = NetworkStudyServer(
            transport: transport,
            credentials: CredentialStore(
                save: { address, issued in
                    let credentials = StationCredentials(server: address.description, issued: issued, registeredAt: now)
                    try credentials.write(to: file)
                    written.set(credentials)
                },
                load: { _ in nil }),
            cacheFolder: URL(fileURLWithPath: configuration.dataDirectory), loader: StudyDefinitionLoader(taskLoader: TaskSource.loader()),
            allowPlainHTTP: allowPlainHTTP, device: "StudyTerm station \(configuration.stationID)")
        do throws(SignUpError) {
            _ = try waitForWork { () async throws(SignUpError) in
                let invitation = try await server.lookUp(SignUpRequest(address: url, token: token))
                return try await server.register(invitation, consent: ConsentAgreement(definition: invitation.definition, agreedAt: now))
            }
        } catch {
            throw CLIError(message: "the station cannot register: \(error.description)", code: 1)
        }
        guard let credentials = written.value else {
            throw CLIError(message: "the station's credentials were not written to \(file)", code: CLIError.Code.cannotWrite)
        }
        return credentials
    }
}

/// The credentials the registration wrote, handed back from the credential store's closure.
private final class WrittenCredentials: @unchecked Sendable {
    /// Guards `stored`.
    private let lock = NSLock()
    /// The credentials, once written.
    private var stored: StationCredentials?

    /// Keeps `credentials`.
    func set(_ credentials: StationCredentials) { lock.withLock { stored = credentials } }
    /// The credentials written, if any.
    var value: StationCredentials? { lock.withLock { stored } }
}
