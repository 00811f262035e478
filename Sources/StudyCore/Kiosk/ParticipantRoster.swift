/// The identifiers allowed on a station: a roster file with one identifier a line. Blank lines
/// and lines starting with `#` are skipped; identifiers are compared normalized (upper case,
/// without spaces and hyphens), so `ab-12` on the roster admits `AB12`.
public struct ParticipantRoster: Sendable, Equatable {
    /// The normalized identifiers.
    public private(set) var identifiers: Set<String>

    /// A roster from the file's text.
    public init(text: String) {
        identifiers = Set(text.split(whereSeparator: \.isNewline).compactMap { line in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty, !trimmed.hasPrefix("#") else { return nil }
            return CheckCharacterScheme.normalize(trimmed)
        })
    }

    /// Whether `id` is on the roster.
    public func admits(_ id: String) -> Bool { identifiers.contains(CheckCharacterScheme.normalize(id)) }
}
