import Foundation
import StudyCore
import StudyTUI
import TUIKit

/// A recording fake of a station's services: sessions begun and ended, tasks finished, in order.
final class KioskFakeServices: @unchecked Sendable {
    /// A one-question task: a text field, then an instruction.
    static let taskJSON = #"""
        {"identifier":"note","steps":[
         {"identifier":"note","type":"form","inputFields":[{"identifier":"note","type":"string","optional":true}]},
         {"identifier":"end","type":"instruction","title":"Almost done"}]}
        """#

    /// The fakes' admin PIN.
    static let pin = "246810"

    private let lock = NSLock()
    private var wrongPINs = 0
    private var pinsChecked = 0
    private var openings: [KioskServices.Opening] = []
    private var closings: [KioskServices.Closing] = []
    private var finished: [TaskRun] = []
    private var log: [String] = []
    let clock: ManualClock

    /// Fakes on `clock` (the loop's).
    init(clock: ManualClock) { self.clock = clock }

    /// Sessions begun.
    var begun: [KioskServices.Opening] { lock.withLock { openings } }
    /// Sessions ended, in order.
    var ended: [KioskServices.Closing] { lock.withLock { closings } }
    /// Task runs recorded as finished.
    var finishes: [TaskRun] { lock.withLock { finished } }
    /// How many PINs were checked.
    var checkedPINs: Int { lock.withLock { pinsChecked } }
    /// What happened, in order ("begin", "finish", "end").
    var events: [String] { lock.withLock { log } }

    /// The services.
    var services: KioskServices {
        KioskServices(
            now: { ScreenDriverClock.start },
            beginSession: { opening in
                self.lock.withLock { self.openings.append(opening); self.log.append("begin") }
                return .success("K7QM-3XWA-52")
            },
            startTask: { _, taskID in
                let file = FileReference(url: URL(fileURLWithPath: "/\(taskID).json"), displayName: "\(taskID).json")
                guard let task = try? TaskFileLoader().load(data: Data(Self.taskJSON.utf8), file: file).task else {
                    return .failure(.taskCannotLoad(task: taskID, reason: "fixture"))
                }
                var run = TaskRun(task: task, now: ScreenDriverClock.start)
                run.start(now: ScreenDriverClock.start)
                let environment = TaskEnvironment(now: { ScreenDriverClock.start }, clock: self.clock.monotonic,
                                                  timeZone: TimeZone(identifier: "UTC")!)
                return .success(TaskStart(run: run, environment: environment, finish: { run in
                    self.lock.withLock { self.finished.append(run); self.log.append("finish") }
                    return .success(run.finishReason ?? .completed)
                }))
            },
            endSession: { closing in
                self.lock.withLock { self.closings.append(closing); self.log.append("end") }
                return .success(())
            },
            checkAdminPIN: { pin in
                // The documented schedule's start: four wrong PINs free, the fifth locks for 30 s.
                self.lock.withLock {
                    self.pinsChecked += 1
                    if self.wrongPINs >= 5 { return .locked(remainingSeconds: 30) }
                    if pin == Self.pin { self.wrongPINs = 0; return .accepted }
                    self.wrongPINs += 1
                    return .refused(lockedSeconds: self.wrongPINs >= 5 ? 30 : 0)
                }
            })
    }
}

/// The fixed wall-clock time of the fakes.
enum ScreenDriverClock {
    static let start = Date(timeIntervalSince1970: 1_700_000_000)
}
