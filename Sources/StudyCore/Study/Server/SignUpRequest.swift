import Foundation

/// What the participant typed on the welcome screen, exactly as typed, or the demo study (D).
public struct SignUpRequest: Sendable, Equatable {
    /// The study address: a folder path, `file://` or `https://` (empty is an error, unless `joinsDemo`).
    public var address: String
    /// The registration token as typed (normalised by the server).
    public var token: String
    /// True for the bundled demo study, which has no address and no token.
    public var joinsDemo: Bool

    /// A request from the two fields.
    public init(address: String, token: String) {
        self.address = address
        self.token = token
        self.joinsDemo = false
    }

    /// The bundled demo study (the D key): no address, no token.
    public static let demo: SignUpRequest = {
        var request = SignUpRequest(address: "", token: "")
        request.joinsDemo = true
        return request
    }()
}
