import Foundation
import StudyCore

extension AnswerRow {
    /// The CSV header line (RFC 4180, no line break).
    public static let csvHeader = "study,participant,task,run,step,value,step_start,step_end,run_start,run_end"

    /// The row as one CSV line (no line break); texts are neutralised (``neutralised(_:)``) and
    /// quoted when needed, numbers are written as they are, dates are ISO 8601 with offset.
    public var csvLine: String {
        let texts = [studyID, participantID ?? "", taskID, runID.uuidString, stepPath].map(Self.neutralised)
        let answer = Self.isNumber(value) ? value.displayText : Self.neutralised(Self.text(of: value))
        let fields = texts + [answer, stepStartedAt.map(Self.date) ?? "", stepEndedAt.map(Self.date) ?? "",
                              Self.date(runStartedAt), runFinishedAt.map(Self.date) ?? ""]
        return fields.map(Self.quoted).joined(separator: ",")
    }

    /// A text cell made safe for a spreadsheet and a terminal, following OWASP's CSV injection
    /// guidance: a cell that starts with `=`, `+`, `-`, `@`, a tab, a carriage return or a line
    /// feed (or their full-width forms) gets a leading `'`, so a spreadsheet shows it as text and
    /// never evaluates it as a formula (`=HYPERLINK(...)`); a plain number written as text
    /// ("-3", "2.5") is left as it is. Controls that a terminal would act on (ESC, BEL, other C0
    /// controls but tab, CR and LF, DEL, C1, bidirectional overrides) are written as visible
    /// escapes such as `\x1b`, as the command line shows them. JSON and FHIR exports stay exact.
    public static func neutralised(_ cell: String) -> String {
        var out = ""
        for scalar in cell.unicodeScalars {
            switch scalar.value {
            case 0x09, 0x0A, 0x0D: out.unicodeScalars.append(scalar)
            case 0x00...0x1F, 0x7F...0x9F: out += "\\x" + hex(scalar.value, 2)
            case 0x202A...0x202E, 0x2066...0x2069: out += "\\u{" + hex(scalar.value, 4) + "}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        guard let first = out.unicodeScalars.first, formulaStarts.contains(first.value), !isPlainNumber(out) else { return out }
        return "'" + out
    }

    /// First characters a spreadsheet reads as the start of a formula: = + - @ TAB LF CR, and
    /// the full-width ＝ ＋ － ＠.
    static let formulaStarts: Set<UInt32> = [0x3D, 0x2B, 0x2D, 0x40, 0x09, 0x0A, 0x0D, 0xFF1D, 0xFF0B, 0xFF0D, 0xFF20]

    /// "-3", "+2.5": a sign, digits and at most one point, which no spreadsheet evaluates as a formula.
    static func isPlainNumber(_ s: String) -> Bool {
        var digits = 0, points = 0
        for (i, c) in s.utf8.enumerated() {
            switch c {
            case UInt8(ascii: "-"), UInt8(ascii: "+"): if i != 0 { return false }
            case UInt8(ascii: "."): points += 1
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digits += 1
            default: return false
            }
        }
        return digits > 0 && points <= 1
    }

    private static func isNumber(_ value: JSONValue) -> Bool {
        switch value {
        case .int, .double: return true
        default: return false
        }
    }

    private static func hex(_ v: UInt32, _ digits: Int) -> String {
        let s = String(v, radix: 16)
        return String(repeating: "0", count: max(0, digits - s.count)) + s
    }

    /// A whole CSV document: header and rows, CRLF line ends as RFC 4180 asks.
    public static func csv(_ rows: [AnswerRow]) -> String {
        ([csvHeader] + rows.map(\.csvLine)).map { $0 + "\r\n" }.joined()
    }

    /// Scalars as plain text, null as empty, arrays and objects as compact JSON.
    static func text(of value: JSONValue) -> String {
        switch value {
        case .null: return ""
        case .string(let s): return s
        case .array, .object: return value.compactJSON
        default: return value.displayText
        }
    }

    /// ISO 8601 with milliseconds and offset, as results write dates.
    private static func date(_ date: Date) -> String { ResultDate.string(from: date) }

    /// Quotes a field holding a comma, quote or line break; doubles inner quotes.
    static func quoted(_ field: String) -> String {
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
