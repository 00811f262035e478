import Foundation
import StudyCore

extension SettingsScreen {
    /// What a reload says: nothing changed, or the new version and what changed in it (and that
    /// tasks wait for a changed consent); `consentKey` says how that opens the new consent.
    static func reloadReport(from old: StudySession, to updated: StudySession, consentKey: String = "press C on the dashboard") -> [String] {
        let changes = StudyChanges(from: old.definition, to: updated.definition)
        guard changes.isNewVersion else { return ["You have the latest version (\(updated.definition.version)). Nothing changed."] }
        var report = ["Updated from version \(changes.oldVersion) to \(changes.newVersion):"] + changes.lines.map { "• " + $0 }
        if !updated.consentIsCurrent {
            report.append("Your tasks wait until you agree to the new consent: \(consentKey) to read it.")
        } else if changes.consentChanged {
            report.append("Read the new consent text under Study details.")
        }
        report.append("Your answers, unsent results and unfinished tasks are kept.")
        return report
    }
}
