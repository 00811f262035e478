import Foundation

/// Who runs the study and how to reach them; every part is optional.
public struct StudyContact: Sendable, Equatable {
    /// The institute or organisation.
    public var institute: String?
    /// The person to ask.
    public var person: String?
    /// An email address.
    public var email: String?
    /// A phone number.
    public var phone: String?

    /// A contact from its parts.
    public init(institute: String? = nil, person: String? = nil, email: String? = nil, phone: String? = nil) {
        self.institute = institute
        self.person = person
        self.email = email
        self.phone = phone
    }

    /// The parts that are present, one per line, labelled ("Email: …").
    public var lines: [String] {
        [("Institute", institute), ("Contact", person), ("Email", email), ("Phone", phone)]
            .compactMap { label, value in value.map { "\(label): \($0)" } }
    }
}
