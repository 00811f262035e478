/// The check characters a participant identifier may carry, so a typo is caught at entry.
public enum CheckCharacterScheme: String, Sendable, Equatable, CaseIterable {
    /// ISO 7064 MOD 97-10 (as in IBAN): two check digits after letters and digits.
    case mod97 = "mod97-10"
    /// The Damm algorithm: one check digit after digits; catches every single-digit error and
    /// every adjacent transposition.
    case damm

    /// Upper case, with spaces and hyphens taken out: the form identifiers are checked and stored in.
    public static func normalize(_ id: String) -> String {
        String(id.uppercased().filter { $0 != " " && $0 != "-" })
    }

    /// Whether `id` (normalized first) carries a valid check character.
    public func isValid(_ id: String) -> Bool {
        let id = Self.normalize(id)
        switch self {
        case .mod97: return id.count >= 3 && ISO7064Mod97.remainder(of: id) == 1
        case .damm: return id.count >= 2 && Damm.interim(of: id) == 0
        }
    }

    /// `payload` with its check character(s) appended, or nil when the payload has a character
    /// the scheme cannot take (mod 97-10: A-Z and 0-9; Damm: digits).
    public func appendingCheck(to payload: String) -> String? {
        let payload = Self.normalize(payload)
        guard !payload.isEmpty else { return nil }
        switch self {
        case .mod97:
            guard let r = ISO7064Mod97.remainder(of: payload + "00") else { return nil }
            let check = 98 - r
            return payload + (check < 10 ? "0" : "") + String(check)
        case .damm:
            return Damm.interim(of: payload).map { payload + String($0) }
        }
    }
}

/// ISO 7064 MOD 97-10 over letters and digits (A = 10 ... Z = 35, as IBAN reads them).
enum ISO7064Mod97 {
    /// The text read as one number, modulo 97; nil for a character other than A-Z or 0-9.
    static func remainder(of text: String) -> Int? {
        var r = 0
        for ch in text.unicodeScalars {
            switch ch.value {
            case 48...57: r = (r * 10 + Int(ch.value - 48)) % 97
            case 65...90: r = (r * 100 + Int(ch.value - 55)) % 97
            default: return nil
            }
        }
        return r
    }
}

/// The Damm algorithm's quasigroup of order 10 (Damm 2004; the table Wikipedia publishes).
enum Damm {
    static let table: [[Int]] = [
        [0, 3, 1, 7, 5, 9, 8, 6, 4, 2], [7, 0, 9, 2, 1, 5, 4, 8, 6, 3], [4, 2, 0, 6, 8, 7, 1, 3, 5, 9],
        [1, 7, 5, 0, 9, 8, 3, 4, 2, 6], [6, 1, 2, 3, 0, 4, 5, 9, 7, 8], [3, 6, 7, 4, 2, 0, 9, 5, 8, 1],
        [5, 8, 6, 9, 7, 2, 0, 1, 3, 4], [8, 9, 4, 5, 3, 6, 2, 0, 1, 7], [9, 4, 3, 8, 6, 1, 7, 2, 0, 5],
        [2, 5, 8, 1, 4, 3, 6, 7, 9, 0],
    ]

    /// The interim digit after the whole text (0 for a valid number); nil for a non-digit.
    static func interim(of text: String) -> Int? {
        var i = 0
        for ch in text.unicodeScalars {
            guard (48...57).contains(ch.value) else { return nil }
            i = table[i][Int(ch.value - 48)]
        }
        return i
    }
}
