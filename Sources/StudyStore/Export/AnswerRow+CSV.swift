import Foundation
import StudyCore

extension AnswerRow {
    /// The CSV header line (RFC 4180, no line break).
    public static let csvHeader = "study,participant,task,run,step,value,step_start,step_end,run_start,run_end"

    /// The row as one CSV line (no line break); texts are quoted when needed, dates are ISO 8601 with offset.
    public var csvLine: String {
        let fields = [studyID, participantID ?? "", taskID, runID.uuidString, stepPath, Self.text(of: value),
                      stepStartedAt.map(Self.date) ?? "", stepEndedAt.map(Self.date) ?? "",
                      Self.date(runStartedAt), runFinishedAt.map(Self.date) ?? ""]
        return fields.map(Self.quoted).joined(separator: ",")
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
