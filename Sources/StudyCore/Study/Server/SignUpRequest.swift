import Foundation

/// What the participant typed on the welcome screen, exactly as typed.
public struct SignUpRequest: Sendable, Equatable {
    /// The study address: empty (embedded default), a folder path, `file://` or `https://`.
    public var address: String
    /// The registration token as typed (normalised by the server).
    public var token: String

    /// A request from the two fields.
    public init(address: String, token: String) {
        self.address = address
        self.token = token
    }

    /// The embedded default with no token: joins the bundled demo study.
    public static let demo = SignUpRequest(address: "", token: "")
}
