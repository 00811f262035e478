import Foundation
import StudyCore

/// What the store adds to a result before it counts as done (MORE's "enrich" step): who, what, when, which build.
public struct ObservationMetadata: Sendable, Equatable {
    /// The study identifier.
    public var studyID: String
    /// The study definition version in force, when enrolled.
    public var studyVersion: String?
    /// The participant identifier, when enrolled with a server.
    public var participantID: String?
    /// The task identifier.
    public var taskID: String
    /// The task's own version (`TaskResult.versionString`).
    public var taskVersion: String?
    /// The run UUID.
    public var runUUID: UUID
    /// The schedule window the run belongs to.
    public var window: ScheduleWindow?
    /// The StudyTerm version that recorded it.
    public var appVersion: String
    /// When the run started.
    public var startedAt: Date
    /// When the run ended.
    public var finishedAt: Date
    /// When the result was stored.
    public var storedAt: Date
    /// How the run ended.
    public var finishReason: FinishReason
    /// The kiosk session that ran it (`kioskSessionId`); nil for the journey's runs.
    public var kioskSessionID: UUID? = nil
    /// Why the kiosk session ended, when that end stopped the run (`kioskSessionEndReason`).
    public var kioskEndReason: KioskSessionEndReason? = nil
    /// The language the kiosk session's participant chose (`language`); nil for the journey's runs.
    public var language: String? = nil

    /// The JSON form stored with the result and every outbox item of the run.
    public var json: JSONValue {
        var o: [String: JSONValue] = [
            "studyId": .string(studyID),
            "taskId": .string(taskID),
            "taskRunUUID": .string(runUUID.uuidString),
            "appVersion": .string(appVersion),
            "startDate": .string(ResultDate.string(from: startedAt)),
            "endDate": .string(ResultDate.string(from: finishedAt)),
            "storedDate": .string(ResultDate.string(from: storedAt)),
            "finishReason": .string(finishReason.rawValue),
        ]
        if let studyVersion { o["studyVersion"] = .string(studyVersion) }
        if let participantID { o["participantId"] = .string(participantID) }
        if let taskVersion { o["taskVersion"] = .string(taskVersion) }
        if let kioskSessionID { o["kioskSessionId"] = .string(kioskSessionID.uuidString) }
        if let kioskEndReason { o["kioskSessionEndReason"] = .string(kioskEndReason.rawValue) }
        if let language { o["language"] = .string(language) }
        if let window {
            o["scheduleWindow"] = ["start": .string(ResultDate.string(from: window.start)),
                                   "end": .string(ResultDate.string(from: window.end))]
        }
        return .object(o)
    }
}
