import Foundation
import Testing
@testable import StudyCore

/// Station configurations: the shipped example, the defaults, and one clear error per mistake.
@Suite struct KioskConfigurationTests {
    /// The smallest valid configuration, with `extra` members merged into it.
    static func text(_ extra: String = "") -> String {
        #"{"stationID": "lab-1", "study": {"folder": "study"}, "sessionPlan": [{"task": "mood"}]"#
            + (extra.isEmpty ? "" : ", " + extra) + "}"
    }

    static func decode(_ text: String) throws(KioskConfigurationError) -> KioskConfiguration {
        try KioskConfiguration.decode(Data(text.utf8), file: "station.json", folder: "/etc/studyterm")
    }

    /// The message a bad configuration gives, or nil when it decodes.
    static func error(_ extra: String) -> String? {
        do { _ = try decode(text(extra)); return nil } catch { return error.description }
    }

    @Test func theShippedExampleDecodes() throws {
        let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../Resources/kiosk/station.example.json")
            .standardizedFileURL.path
        let c = try KioskConfiguration.load(path: example)
        #expect(c.stationID == "waiting-room-1")
        #expect(c.sessionPlan.map(\.task) == ["checkin", "wellbeing", "breathing"])
        #expect(c.sessionPlan[1].condition == .answerEquals(task: "checkin", step: "smoke", value: true))
        #expect(c.participantID == .typed(check: .damm))
        #expect(c.timeouts.seconds(forStep: "consent") == 600 && c.timeouts.seconds(forStep: "q1") == 120)
    }

    @Test func leftOutPartsTakeTheDocumentedDefaults() throws {
        let c = try Self.decode(Self.text())
        #expect(c.study == .folder("/etc/studyterm/study"))
        #expect(c.dataDirectory == "/var/lib/studyterm")
        #expect(c.participantID == .anonymous && c.languages == ["en"] && c.partialAnswers == .keep && c.endOfSession == .welcome)
        #expect(c.timeouts == KioskTimeouts(screenSeconds: 120, warningSeconds: 30, maxExtensions: 10, thankYouSeconds: 8))
        #expect(c.retention == KioskRetention(deleteAfterUpload: true, maxDays: nil))
        #expect(c.adminPINFile == "/var/lib/studyterm/admin-pin.json")
        #expect(c.auditLog == "/var/lib/studyterm/audit.log" && c.statusFile == "/var/lib/studyterm/status.json")
    }

    @Test func anUnknownKeyIsNamedWithItsPath() {
        #expect(Self.error(#""colour": "blue""#)?.hasPrefix("station.json: colour: unknown key") == true)
        #expect(Self.error(#""timeouts": {"screenSecs": 60}"#)?.hasPrefix("station.json: timeouts.screenSecs: unknown key") == true)
        #expect(Self.error(#""participantID": {"mode": "anonymous", "check": "damm"}"#)?.hasPrefix("station.json: participantID.check: unknown key") == true)
    }

    @Test func timeoutsBelowWCAGTimingAreRefused() {
        #expect(Self.error(#""timeouts": {"warningSeconds": 10}"#)
            == "station.json: timeouts.warningSeconds: must be at least 20 (WCAG 2.2.1), found 10")
        #expect(Self.error(#""timeouts": {"maxExtensions": 3}"#)
            == "station.json: timeouts.maxExtensions: must be at least 10 (WCAG 2.2.1), found 3")
        #expect(Self.error(#""timeouts": {"warningSeconds": 30, "screenSeconds": 35}"#)
            == "station.json: timeouts.screenSeconds: must be at least 40 (the warning plus 10 s), found 35")
        #expect(Self.error(#""timeouts": {"steps": {"consent": "long"}}"#)
            == "station.json: timeouts.steps.consent: expected a whole number, found string")
    }

    @Test func badValuesNameTheirKeyAndReason() {
        #expect(Self.error(#""partialAnswers": "maybe""#) == #"station.json: partialAnswers: "maybe" is not one of "keep", "discard""#)
        #expect(Self.error(#""endOfSession": "logout""#) == #"station.json: endOfSession: "logout" is not one of "welcome", "exit""#)
        #expect(Self.error(#""participantID": {"mode": "typed"}"#)?.hasPrefix("station.json: participantID.check: a typed identifier needs") == true)
        #expect(Self.error(#""participantID": {"mode": "typed", "check": "luhn"}"#)
            == #"station.json: participantID.check: "luhn" is not one of "mod97-10", "damm""#)
        #expect(Self.error(#""languages": ["en", "English"]"#)?.hasPrefix("station.json: languages[1]: \"English\" is not a language tag") == true)
        #expect(Self.error(#""formatVersion": 2"#)?.hasPrefix("station.json: formatVersion: unsupported format version 2") == true)
        #expect(Self.error(#""retention": {"maxDays": 0}"#) == "station.json: retention.maxDays: must be at least 1, found 0")
    }

    @Test func theStudyIsAFolderOrAServerWithCredentialsNotBoth() throws {
        let server = try Self.decode(#"{"stationID": "a", "study": {"server": "https://study.example.org", "credentials": "creds.json"}, "sessionPlan": [{"task": "t"}]}"#)
        #expect(server.study == .server(url: "https://study.example.org", credentialsFile: "/etc/studyterm/creds.json"))
        #expect(throws: KioskConfigurationError(file: "station.json", path: "study.credentials", reason: "missing required key")) {
            try Self.decode(#"{"stationID": "a", "study": {"server": "https://s.example.org"}, "sessionPlan": [{"task": "t"}]}"#)
        }
        #expect(throws: KioskConfigurationError(file: "station.json", path: "study", reason: "give \"folder\" or \"server\", not both")) {
            try Self.decode(#"{"stationID": "a", "study": {"server": "https://s.example.org", "folder": "x"}, "sessionPlan": [{"task": "t"}]}"#)
        }
    }

    @Test func planConditionsMayOnlyNameEarlierTasks() {
        let later = #"{"stationID": "a", "study": {"folder": "s"}, "sessionPlan": [{"task": "a", "if": {"completed": "b"}}, {"task": "b"}]}"#
        #expect(throws: KioskConfigurationError(file: "station.json", path: "sessionPlan[0].if.completed",
                                                reason: "\"b\" is not an earlier task of the plan")) { try Self.decode(later) }
        let twice = #"{"stationID": "a", "study": {"folder": "s"}, "sessionPlan": [{"task": "a"}, {"task": "a"}]}"#
        #expect(throws: KioskConfigurationError(file: "station.json", path: "sessionPlan[1].task",
                                                reason: "task \"a\" is already in the plan")) { try Self.decode(twice) }
    }

    @Test func brokenJSONAndMissingKeysAreOneLine() {
        #expect(throws: KioskConfigurationError.self) { try Self.decode("{\"stationID\": ") }
        #expect(throws: KioskConfigurationError(file: "station.json", path: "sessionPlan", reason: "missing required key")) {
            try Self.decode(#"{"stationID": "a", "study": {"folder": "s"}}"#)
        }
        #expect(throws: KioskConfigurationError(file: "station.json", path: "stationID",
                                                reason: "must be 1 to 64 letters, digits, '.', '_' or '-', starting with a letter or digit")) {
            try Self.decode(#"{"stationID": "../x", "study": {"folder": "s"}, "sessionPlan": [{"task": "t"}]}"#)
        }
    }
}
