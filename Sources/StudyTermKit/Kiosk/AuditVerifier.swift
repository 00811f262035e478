import Foundation
import StudyCore

/// Checks an audit log's hash chain (see `AuditLog`) and names the first line that breaks it.
package enum AuditVerifier {
    /// What the check found.
    package enum Outcome: Equatable {
        /// Every line is in place: the record count and the last line's hash.
        case intact(records: Int, lastHash: String)
        /// The first break: its line number (1-based) and what is wrong.
        case broken(line: Int, reason: String)
    }

    /// Checks the log's bytes; `head`, from the status file, also catches lines cut off the end.
    package static func verify(_ data: Data, head: KioskStatus.AuditHead? = nil) -> Outcome {
        var lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        let endsWithNewline = lines.last?.isEmpty ?? true
        if endsWithNewline, !lines.isEmpty { lines.removeLast() }
        var previous = AuditLog.genesis
        for (index, bytes) in lines.enumerated() {
            let number = index + 1
            let line = Data(bytes)
            if number == lines.count, !endsWithNewline {
                return .broken(line: number, reason: "cut off (the file does not end with a complete line)")
            }
            guard let record = try? JSONParser.parse(line), let seq = record["seq"]?.intValue,
                  let prev = record["prev"]?.stringValue, record["event"]?.stringValue != nil, record["time"]?.stringValue != nil
            else {
                return .broken(line: number, reason: "not an audit record (edited, or cut off by a power loss)")
            }
            if seq > number {
                return .broken(line: number, reason: "record \(seq) where record \(number) belongs: a line before it was deleted, or lines were reordered")
            }
            if seq < number {
                return .broken(line: number, reason: "record \(seq) where record \(number) belongs: lines were reordered or copied")
            }
            if prev != previous {
                return number == 1
                    ? .broken(line: 1, reason: "the first record does not start the chain")
                    : .broken(line: number - 1, reason: "edited: its hash is not the one line \(number) records")
            }
            previous = AuditLog.hash(line)
        }
        if let head {
            if head.records > lines.count {
                return .broken(line: lines.count + 1,
                               reason: "missing: the status file counts \(head.records) records, the log ends after \(lines.count)")
            }
            if head.records == lines.count, head.lastHash != previous, !lines.isEmpty {
                return .broken(line: lines.count, reason: "edited: its hash is not the one the status file records")
            }
        }
        return .intact(records: lines.count, lastHash: previous)
    }
}
