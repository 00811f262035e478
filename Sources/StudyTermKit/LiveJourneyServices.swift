import Foundation
import StudyCore
import StudyExport
import StudyStore
import StudyTUI

/// Builds the journey's services over the store, the study server and the exporter.
package enum LiveJourneyServices {
    /// The live services: the system clock and time zone, the store in `location`, `server`, and
    /// `sender` for the outbox (nil: nothing is sent).
    package static func make(store: StudyStore, server: any StudyServer, location: DataLocation, sender: OutboxSender? = nil) -> JourneyServices {
        JourneyServices(
            now: { Date() }, timeZone: .current, server: server,
            loadMembership: { try store.currentEnrollment().map(membership) },
            loadFacts: { studyID, since in try facts(store, studyID: studyID, since: since) },
            recordConsent: { a in
                try store.recordConsent(ConsentRecord(studyID: a.studyID, definitionVersion: a.definitionVersion, text: a.text, agreedAt: a.agreedAt))
            },
            consentCovers: { a in try store.consentCovers(studyID: a.studyID, text: a.text) },
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
                                          currentDirectory: FileManager.default.currentDirectoryPath, home: NSHomeDirectory()).sentence
                } catch let missing as DataExporter.FolderMissing {
                    throw JourneyFailure.folderMissing(missing.folder)
                }
            },
            exportFolder: FileManager.default.currentDirectoryPath,
            deliver: { messages in
                try messages.filter { m in
                    try store.addNotification(NotificationRecord(id: m.id, kind: m.kind == .reminder ? .reminder : .message,
                                                                 title: m.title, body: m.body, createdAt: m.createdAt))
                }
            },
            loadInbox: {
                try store.allNotifications().map { n in
                    InboxMessage(id: n.id, kind: n.kind == .reminder ? .reminder : .message, title: n.title, body: n.body,
                                 createdAt: n.createdAt, readAt: n.readAt)
                }
            },
            markRead: { id, date in try store.markNotificationRead(id: id, at: date) },
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

    /// The dashboard's facts: per-task counts, recent completions, open runs with snapshots, badges.
    package static func facts(_ store: StudyStore, studyID: String, since: Date) throws -> DashboardFacts {
        let dashboard = try store.dashboard(studyID: studyID)
        let recent = try store.completedRuns(studyID: studyID, since: since).compactMap { run in
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
