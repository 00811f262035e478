import Foundation
import StudyCore
import TUIKit

extension KioskProgram {
    /// The paused screen: no "Press Enter", no key a participant could use to leave it.
    func renderPaused(into canvas: inout Canvas) {
        centre(station.name, at: canvas.size.height / 2 - 2, role: .title, in: &canvas)
        centre("This station is paused", at: canvas.size.height / 2, role: .accent, in: &canvas)
        centre("Please ask staff.", at: canvas.size.height / 2 + 2, in: &canvas)
    }

    /// The mark every screen of a test session carries, top right.
    func renderTestMark(into canvas: inout Canvas) {
        let mark = " TEST (not stored) "
        canvas.put(mark, at: Point(x: max(0, canvas.size.width - TextWidth.width(of: mark)), y: 0), role: .warning)
    }

    /// An admin panel: its title, its lines, and the way back.
    func renderAdmin(_ panel: KioskAdminPanel, into canvas: inout Canvas) {
        let (title, lines) = Self.adminLines(panel)
        centre(title, at: 1, role: .title, in: &canvas)
        for (i, line) in lines.enumerated() { canvas.put(line, at: Point(x: 4, y: 3 + i)) }
        canvas.put("Enter or Esc back", at: Point(x: 1, y: canvas.size.height - 1), role: .help)
    }

    /// A panel's title and lines.
    static func adminLines(_ panel: KioskAdminPanel) -> (String, [String]) {
        switch panel {
        case .status(_, loading: true):
            return ("Station status", ["Reading…"])
        case .status(nil, _):
            return ("Station status", ["This station keeps no status."])
        case .status(let status?, _):
            return ("Station status", statusLines(status))
        case .sync(nil):
            return ("Sync now", ["Sending…"])
        case .sync(let report?):
            var lines = ["Sent: \(report.sent)", "Still waiting: \(report.pending)"]
            lines.append(report.error.map { "Not sent: \($0)" } ?? "Everything tried was sent.")
            return ("Sync now", lines)
        case .export(nil):
            return ("Export", ["Exporting…"])
        case .export(.success(let report)?):
            return ("Export", ["Exported \(report.results) result(s) to", report.folder, "Files: \(report.files.joined(separator: ", "))"])
        case .export(.failure(let failure)?):
            return ("Export", ["The export failed: \(failure.message)"])
        }
    }

    /// What the status screen shows of `status`: everything the status file holds, in words.
    static func statusLines(_ status: KioskStatus) -> [String] {
        let now = status.writtenAt
        let waiting = status.oldestPendingAgeSeconds.map { " (oldest \(duration($0)) old)" } ?? ""
        let sync = status.lastSync.map { last in
            let ago = duration(max(0, Int(now.timeIntervalSince(last.at))))
            return last.succeeded ? "succeeded \(ago) ago" : "failed \(ago) ago: \(last.error ?? "unknown error")"
        } ?? "never"
        let clock = status.clockSynchronized.map { $0 ? "yes" : "NO" } ?? "cannot be told"
        let sessions = KioskSessionEndReason.allCases.map { "\($0.rawValue) \(status.sessionsToday[$0.rawValue] ?? 0)" }
        var lockout = status.pinLockout.failures == 0 ? "none" : "\(status.pinLockout.failures) wrong PIN(s)"
        if let until = status.pinLockout.lockedUntil, until > now { lockout += ", locked for \(duration(Int(until.timeIntervalSince(now).rounded(.up)))) more" }
        return [
            "Station: \(status.stationID)",
            "Results waiting: \(status.pendingResults)\(waiting)",
            "Last sync: \(sync)",
            "Free disk: \(status.freeDiskBytes.map(bytes) ?? "unknown")",
            "Clock synchronized: \(clock)",
            "App version: \(status.appVersion)",
            "Study definition: \(status.studyDefinitionHash.map { String($0.prefix(16)) } ?? "unknown")",
            "Sessions today: \(sessions.joined(separator: ", "))",
            "PIN lockout: \(lockout)",
        ]
    }

    /// `seconds` in words: "42 s", "7 min", "3 h 5 min", "2 d 4 h".
    static func duration(_ seconds: Int) -> String {
        switch seconds {
        case ..<60: "\(seconds) s"
        case ..<3600: "\(seconds / 60) min"
        case ..<86400: "\(seconds / 3600) h \(seconds % 3600 / 60) min"
        default: "\(seconds / 86400) d \(seconds % 86400 / 3600) h"
        }
    }

    /// A byte count in words: "512 MB", "12.3 GB".
    static func bytes(_ count: Int64) -> String {
        let units = ["B", "kB", "MB", "GB", "TB"]
        var value = Double(count), unit = 0
        while value >= 1000, unit < units.count - 1 { value /= 1000; unit += 1 }
        return unit == 0 ? "\(count) B" : String(format: "%.1f", value) + " " + units[unit]
    }
}
