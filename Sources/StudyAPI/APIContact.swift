import Foundation
import StudyCore

/// Whom a participant can ask about the study (`Contact`).
public struct APIContact: Codable, Sendable, Equatable {
    /// The institute.
    public var institute: String?
    /// The person responsible.
    public var person: String?
    /// An e-mail address.
    public var email: String?
    /// A telephone number.
    public var phone: String?

    /// The wire form of a study's contact.
    public init(_ contact: StudyContact) {
        institute = contact.institute
        person = contact.person
        email = contact.email
        phone = contact.phone
    }
}
