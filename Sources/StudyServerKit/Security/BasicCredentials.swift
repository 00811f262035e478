import Foundation
import Hummingbird

/// A participant id and API key from an `Authorization: Basic` header.
struct BasicCredentials: Equatable {
    /// The user name: the participant id.
    var participantID: String
    /// The password: the API key.
    var key: String

    /// The credentials of `request`, nil when the header is missing or not Basic.
    init?(_ request: Request) {
        guard let header = request.headers[.authorization], header.count < 512 else { return nil }
        let parts = header.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "basic",
              let data = Data(base64Encoded: String(parts[1]).trimmingCharacters(in: .whitespaces)),
              let text = String(data: data, encoding: .utf8), let colon = text.firstIndex(of: ":") else { return nil }
        participantID = String(text[..<colon])
        key = String(text[text.index(after: colon)...])
    }
}
