import Foundation
import StudyCore
import StudyFHIR
import TUIKit
@testable import StudyTUI

/// An in-memory stand-in for the store behind `JourneyServices`, recording every call in order.
final class FakeJourneyStore: @unchecked Sendable {
    private let lock = NSLock()
    private var _calls: [String] = []
    private var _membership: StudyMembership?
    private var _consents: [ConsentAgreement] = []
    private var _inbox: [InboxMessage] = []
    private var _facts = DashboardFacts()
    private var _now: Date
    /// Makes `exportData` fail with this message.
    var exportFailure: String?
    /// Folders `exportData` finds missing (until it is asked to make them).
    var missingFolders: Set<String> = []
    /// Makes `recordConsent` fail with this message.
    var consentFailure: String?
    /// Makes `startTask` fail with this reason.
    var taskFailure: String?
    /// When set, time moves with this clock (the headless terminal's) from `now`.
    var clock: ManualClock?
    /// The sending state the services report (nil: the study has no server; nothing is recorded).
    var syncStatus: SyncStatus? {
        get { locked { _syncStatus } }
        set { locked { _syncStatus = newValue } }
    }
    private var _syncStatus: SyncStatus?

    /// A store whose clock reads `now`, holding `membership` and the `consents` given before.
    init(now: Date, membership: StudyMembership? = nil, consents: [ConsentAgreement] = []) {
        _now = now
        _membership = membership
        _consents = consents
    }

    private func locked<T>(_ body: () throws -> T) rethrows -> T { lock.lock(); defer { lock.unlock() }; return try body() }

    /// The calls so far, e.g. `["recordConsent", "enroll"]`.
    var calls: [String] { locked { _calls } }
    /// The answers on the route of each run recorded as finished, in order.
    var finishedAnswers: [[String]] { locked { _finishedAnswers } }
    private var _finishedAnswers: [[String]] = []
    /// The current enrollment.
    var membership: StudyMembership? { locked { _membership } }
    /// The consents recorded.
    var consents: [ConsentAgreement] { locked { _consents } }
    /// The inbox, newest first.
    var inbox: [InboxMessage] { locked { _inbox } }
    /// The facts `loadFacts` returns (the unread count is the inbox's).
    var facts: DashboardFacts {
        get { locked { _facts } }
        set { locked { _facts = newValue } }
    }
    /// The clock: `now`, plus the headless clock's time when one is set.
    var now: Date {
        get { locked { _now.addingTimeInterval(clock.map { Double($0.now.components.seconds) } ?? 0) } }
        set { locked { _now = newValue } }
    }

    private func record(_ call: String) { locked { _calls.append(call) } }

    /// Services over this store and `server`, in `timeZone`.
    func services(server: any StudyServer, timeZone: TimeZone = TimeZone(identifier: "UTC")!) -> JourneyServices {
        JourneyServices(
            now: { self.now }, timeZone: timeZone, server: server,
            loadMembership: { self.record("loadMembership"); return self.membership },
            loadFacts: { _, _ in
                self.record("loadFacts")
                return self.locked { var f = self._facts; f.unreadCount = self._inbox.filter(\.isUnread).count; return f }
            },
            recordConsent: { agreement in
                self.record("recordConsent")
                if let failure = self.consentFailure { throw JourneyFailure.storage(failure) }
                self.locked { self._consents.append(agreement) }
            },
            consentCovers: { agreement in
                self.locked { self._consents.last { $0.studyID == agreement.studyID }?.text == agreement.text }
            },
            enroll: { m in
                self.record("enroll")
                var stored = m
                if stored.participantID == nil { stored.participantID = "participant-1" }
                self.locked { self._membership = stored }
                return stored
            },
            updateStudyVersion: { _, version in self.record("updateStudyVersion \(version)"); self.locked { self._membership?.studyVersion = version } },
            withdraw: { _, _ in self.record("withdraw"); self.locked { self._membership = nil } },
            exportData: { _, folder, make in
                if self.missingFolders.contains(folder), !make { throw JourneyFailure.folderMissing(folder) }
                self.record("exportData \(folder)" + (make ? " (made)" : ""))
                if let failure = self.exportFailure { throw JourneyFailure.storage(failure) }
                return "Exported 2 results to \(folder)/studyterm-export-studyterm-demo-2026-03-27-100000 (results.json, answers.csv, fhir.ndjson)."
            },
            exportFolder: "/home/ada/study-exports",
            deliver: { messages in
                self.locked {
                    let new = messages.filter { m in !self._inbox.contains { $0.id == m.id } }
                    self._inbox = new.reversed() + self._inbox
                    self._calls.append("deliver \(messages.count)")
                    return new
                }
            },
            loadInbox: { self.inbox },
            markRead: { id, at in
                self.record("markRead \(id)")
                self.locked { if let i = self._inbox.firstIndex(where: { $0.id == id }) { self._inbox[i].readAt = at } }
            },
            startTask: { launch in self.startTask(launch, timeZone: timeZone) },
            sendOutbox: {
                guard let status = self.syncStatus else { return nil }
                self.record("sendOutbox")
                return status
            },
            loadSyncStatus: { self.syncStatus })
    }

    /// A launched task from its real file: a new run (under the open run's UUID when it resumes
    /// one), snapshots counted as "autosave", and its end recorded as "finish <reason>".
    func startTask(_ launch: TaskLaunch, timeZone: TimeZone) -> Result<TaskStart, JourneyFailure> {
        record("startTask \(launch.task.identifier)")
        if let taskFailure { return .failure(.taskCannotLoad(task: launch.task.title, reason: taskFailure)) }
        let loader = TaskFileLoader(importers: [QuestionnaireImporter(), SageTaskImporter()])
        let loaded: LoadedTaskFile
        do { loaded = try loader.load(path: launch.task.sourceURL.path) } catch {
            return .failure(.taskCannotLoad(task: launch.task.title, reason: error.errors.first?.description ?? "?"))
        }
        guard let task = loaded.task else { return .failure(.taskCannotLoad(task: launch.task.title, reason: "not a task")) }
        var run = TaskRun(task: task, taskRunUUID: launch.resume?.runID ?? UUID(), now: now, conditions: loaded.conditions)
        run.start(now: now)
        let environment = TaskEnvironment(now: { self.now }, uptime: { 0 }, autosave: { _ in self.record("autosave"); return nil },
                                          timeZone: timeZone)
        return .success(TaskStart(run: run, environment: environment, finish: { run in
            let reason = run.finishReason ?? .completed
            self.locked { self._finishedAnswers.append(run.result.answersOnPath.filter { $0.value != .null }.map(\.path)) }
            self.record("finish \(reason.rawValue)")
            return .success(reason)
        }))
    }
}
