import Foundation
import StudyCore
import StudyStore
import StudyTUI

extension LiveKioskServices {
    /// The admin menu's actions over the station's files: the pause file (`KioskPauseFile`), the
    /// export (`KioskStationExport`), the test session's tasks (loaded like a participant's, with
    /// an autosave and a finish that store nothing) and the audit of each action. The status file
    /// is written again after each, so its audit head stays current.
    package static func admin(store: StudyStore, study: StudyDefinition, configuration: KioskConfiguration, audit: StationAudit,
                              status: StationStatus?, now: @escaping @Sendable () -> Date) -> KioskAdminServices {
        let record: @Sendable (KioskAdminRecord) -> Void = { action in
            let at = now()
            audit.record(.admin(action), at: at)
            status?.write(at: at)
        }
        let pause = KioskPauseFile(dataDirectory: configuration.dataDirectory)
        let exporter = KioskStationExport(store: store, exportDirectory: configuration.exportDirectory, stationID: configuration.stationID)
        return KioskAdminServices(
            setPaused: { paused in
                do throws(PrivateFile.Failure) { try pause.set(paused: paused, at: now()) } catch { return false }
                record(paused ? .paused : .resumed)
                return true
            },
            export: {
                let result = exporter.write(at: now())
                switch result {
                case .success(let report): record(.exported(results: report.results))
                case .failure: record(.exportFailed)
                }
                return result
            },
            startTestTask: { taskID in testTask(taskID, study: study, now: now()) },
            record: record)
    }

    /// A plan task for a test session: loaded and started as a participant's would be, on an
    /// environment whose autosave stores nothing; its finish stores nothing either.
    static func testTask(_ taskID: String, study: StudyDefinition, now: Date) -> Result<TaskStart, JourneyFailure> {
        guard let task = study.tasks.first(where: { $0.identifier == taskID }) else {
            return .failure(.taskCannotLoad(task: taskID, reason: "the study has no such task"))
        }
        let loaded: LoadedTask
        do { loaded = try TaskSource.loadForJourney(task.sourceURL) } catch {
            return .failure(.taskCannotLoad(task: task.title, reason: error.errors.first?.description ?? "unknown error"))
        }
        var run = TaskRun(task: loaded.task, now: now, conditions: loaded.conditions)
        run.start(now: now)
        return .success(TaskStart(run: run, environment: LiveEnvironment.make(speak: false, autosave: { _ in nil }),
                                  finish: { run in .success(run.finishReason ?? .completed) }))
    }
}
