import Foundation
import StudyCore
import StudyExport
import StudyStore
import StudySync
import StudyTUI

/// Builds the journey's services over the store, the study server and the exporter. Everything the
/// journey reads about a participant (counts, the dashboard, schedules, resumable runs, the inbox,
/// the in-app export) goes through the current enrollment's `ParticipantStore`, looked up on each
/// call, so a participant who leaves and joins again starts clean.
package enum LiveJourneyServices {
    /// The live services: the system clock and time zone, the store in `location`, `server`, and
    /// `sender` for the outbox (nil: nothing is sent).
    package static func make(store: StudyStore, server: any StudyServer, location: DataLocation, sender: OutboxSender? = nil) -> JourneyServices {
        JourneyServices(
            now: { Date() }, timeZone: .current, server: server,
            loadMembership: { try (store.currentEnrollment() ?? RegistrationRecovery.recover(store)).map(membership) },
            loadFacts: { studyID, since in try facts(store, studyID: studyID, since: since) },
            recordConsent: { a in
                try store.recordConsent(ConsentRecord(studyID: a.studyID, definitionVersion: a.definitionVersion, text: a.text, agreedAt: a.agreedAt))
            },
            consentCovers: { a in
                try store.currentScope(studyID: a.studyID).map { try $0.consentCovers(text: a.text) }
                    ?? store.consentCovers(studyID: a.studyID, text: a.text)
            },
            enroll: { m in
                membership(try store.enroll(Enrollment(studyID: m.studyID, studyVersion: m.studyVersion, participantID: m.participantID,
                                                       baseURL: m.address, registrationToken: m.token, enrolledAt: m.enrolledAt)))
            },
            updateStudyVersion: { studyID, version in try store.updateStudyVersion(studyID: studyID, to: version) },
            withdraw: { studyID, date in try store.withdraw(studyID: studyID, at: date) },
            exportData: { studyID, typed, createFolder in
                do {
                    return try DataExporter(store: store, location: location)
                        .exportForJourney(studyID: studyID, typed: typed, createFolder: createFolder, at: Date(),
                                          currentDirectory: FileManager.default.currentDirectoryPath, home: NSHomeDirectory(),
                                          participant: try store.currentScope(studyID: studyID) ?? store.latestScope(studyID: studyID)).sentence
                } catch let missing as DataExporter.FolderMissing {
                    throw JourneyFailure.folderMissing(missing.folder)
                }
            },
            exportFolder: FileManager.default.currentDirectoryPath,
            deliver: { messages in try deliver(messages, store: store) },
            loadInbox: { try inbox(store) },
            markRead: { id, date in
                if let scope = try store.currentScope() { try scope.markNotificationRead(id: id, at: date) } else {
                    try store.markNotificationRead(id: id, at: date)
                }
            },
            startTask: { launch in startTask(launch, store: store) },
            sendOutbox: {
                guard let sender else { return nil }
                _ = try? await sender.send()
                return try? LiveSync.status(store)
            },
            loadSyncStatus: { try LiveSync.status(store) })
    }

    /// A launched task ready to show: its run (new, or restored from its snapshot with the same run
    /// UUID), an environment that stores a snapshot after every accepted answer, and its finish.
    package static func startTask(_ launch: TaskLaunch, store: StudyStore) -> Result<TaskStart, JourneyFailure> {
        TaskSession.prepare(launch, store: store).map { session in
            TaskStart(run: session.run, environment: LiveEnvironment.make(speak: false, autosave: session.recorder.snapshotSaver),
                      finish: { run in
                          do throws(StoreError) { return .success(try session.finish(run)) } catch { return .failure(.storage(error.cause)) }
                      })
        }
    }

    /// The journey's view of a stored enrollment.
    package static func membership(_ e: Enrollment) -> StudyMembership {
        StudyMembership(studyID: e.studyID, studyVersion: e.studyVersion, participantID: e.participantID, address: e.baseURL,
                        token: e.registrationToken, enrolledAt: e.enrolledAt)
    }

    /// The dashboard's facts of the current participant in `studyID`: per-task counts, recent
    /// completions, open runs with snapshots, badges; nothing when no one is enrolled.
    package static func facts(_ store: StudyStore, studyID: String, since: Date) throws -> DashboardFacts {
        guard let participant = try store.currentScope(studyID: studyID) else { return DashboardFacts() }
        let dashboard = try participant.dashboard()
        let recent = try participant.completedRuns(since: since).compactMap { run in
            run.finishedAt.map { TaskCompletion(taskID: run.taskID, windowStart: run.windowStart, finishedAt: $0) }
        }
        let counts = Dictionary(dashboard.tasks.map { ($0.taskID, $0.completedCount) }, uniquingKeysWith: +)
        let open = dashboard.openRuns.map { r in
            OpenRun(runID: r.run.id, taskID: r.run.taskID, window: r.run.windowStart.map { TaskWindow(start: $0, end: r.run.windowEnd) },
                    snapshot: try? r.snapshot?.json(), updatedAt: r.run.updatedAt)
        }
        return DashboardFacts(progress: StudyProgress(recentCompletions: recent, completedCounts: counts), openRuns: open,
                              unreadCount: dashboard.unreadNotificationCount, results: dashboard.results)
    }
}
