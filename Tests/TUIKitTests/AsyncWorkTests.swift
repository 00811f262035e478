import Foundation
import Testing
import TUIKit

/// Records, from any task, what a piece of slow work saw.
final class WorkProbe: @unchecked Sendable {
    private let lock = NSLock()
    private var events: [String] = []

    func note(_ event: String) {
        lock.lock()
        events.append(event)
        lock.unlock()
    }

    var seen: [String] {
        lock.lock()
        defer { lock.unlock() }
        return events
    }

    private var isOpen = false

    /// Lets slow work finish: work waits for this, not for a time a busy machine could outlast.
    func open() { lock.withLock { isOpen = true } }

    /// Waits until ``open()`` was called; throws when the task is cancelled.
    func waitUntilOpen() async throws {
        while !lock.withLock({ isOpen }) { try await Task.sleep(for: .milliseconds(5)) }
    }

    /// A script step that waits (in real time, generously bounded) until the work saw `event`.
    func until(_ event: String) -> HeadlessTerminal.Input {
        .realTimeUntil(.init { _ in self.seen.contains(event) }, bound: .seconds(60))
    }

    /// A script step that lets the work finish.
    var release: HeadlessTerminal.Input { .realTimeUntil(.perform { self.open() }, bound: .seconds(60)) }
}

/// A screen that starts slow work on `s` (it ends when the probe opens), cancels it on Esc, types
/// letters and counts a one-second timer: enough to show that the loop stays live while work runs.
struct SlowWorkProgram: TerminalProgram, Sendable {
    enum Message: Sendable {
        case start
        case leave
        case typed(Character)
        case ticked
        case finished(String)
        case probe
    }

    let probe: WorkProbe
    var text = ""
    var ticks = 0
    var results: [String] = []
    var log: [String] = []
    var started = 0

    var initialCommands: [Command<Message>] { [.tick(after: .seconds(1), .ticked)] }

    mutating func update(_ message: Message) -> [Command<Message>] {
        switch message {
        case .start:
            started += 1
            let probe = probe, run = started
            return [.work("slow") {
                probe.note("started \(run)")
                do {
                    try await probe.waitUntilOpen()
                } catch {
                    probe.note("cancelled \(run)")
                    return .finished("cancelled \(run)")
                }
                probe.note("finished \(run)")
                return .finished("result \(run)")
            }]
        case .leave:
            return [.cancel("slow")]
        case .typed(let c):
            text.append(c)
            log.append("typed \(c) at tick \(ticks) with \(results.count) result(s)")
            return []
        case .ticked:
            ticks += 1
            return ticks < 100 ? [.tick(after: .seconds(1), .ticked)] : []
        case .finished(let result):
            results.append(result)
            return []
        case .probe:
            log.append("probe: " + probe.seen.joined(separator: ", "))
            return []
        }
    }

    func render(into canvas: inout Canvas) -> CursorPosition? {
        canvas.put("ticks \(ticks) text \(text) results \(results.joined(separator: ","))", at: .zero)
        return nil
    }

    func message(for event: TerminalEvent) -> Message? {
        switch event {
        case .key(.character("s")): .start
        case .key(.character("?")): .probe
        case .key(.escape): .leave
        case .key(.character(let c)): .typed(c)
        default: nil
        }
    }
}

/// The loop runs on a thread of its own, as in the app (its main thread), and never on the
/// cooperative pool its work needs: a test blocking a pool thread would starve that work.
@Suite struct AsyncWorkTests {
    func run(_ script: (WorkProbe) -> [HeadlessTerminal.Input]) async -> (SlowWorkProgram, String, WorkProbe) {
        let probe = WorkProbe()
        let script = script(probe)
        return await withCheckedContinuation { done in
            Thread {
                let terminal = HeadlessTerminal(width: 60, height: 3, script: script)
                var loop = EventLoop(program: SlowWorkProgram(probe: probe), terminal: terminal,
                                     clock: terminal.clock.monotonic)
                _ = loop.run()
                done.resume(returning: (loop.program, terminal.lastFrame?.canvas.plainText() ?? "", probe))
            }.start()
        }
    }

    @Test func keysAndTimersKeepWorkingWhileSlowWorkRunsAndItsResultComesBackAsAMessage() async {
        // The work ends only when the script releases it: everything before happens while it runs.
        let (program, frame, _) = await run { probe in
            [.key(.character("s")), .key(.character("a")), .wait(.seconds(3)), .key(.character("b")), probe.release,
             .realTimeUntil(.shows("results result 1"), bound: .seconds(60)), .key(.character("c"))]
        }
        #expect(program.log == ["typed a at tick 0 with 0 result(s)", "typed b at tick 3 with 0 result(s)",
                                "typed c at tick 3 with 1 result(s)"])
        #expect(program.results == ["result 1"])
        #expect(frame.hasPrefix("ticks 3 text abc results result 1"))
    }

    @Test func leavingCancelsTheWorkAndItsMessageIsNeverDelivered() async {
        let (program, _, probe) = await run { probe in
            [.key(.character("s")), probe.until("started 1"), .key(.escape), probe.until("cancelled 1"), .key(.character("?"))]
        }
        // The probe was read while the loop still ran: the task had seen its cancellation by then.
        #expect(program.log == ["probe: started 1, cancelled 1"])
        #expect(program.results.isEmpty)
        #expect(probe.seen == ["started 1", "cancelled 1"])
    }

    @Test func workStartedAgainUnderTheSameIdReplacesTheRunningOne() async {
        let (program, _, probe) = await run { probe in
            [.key(.character("s")), probe.until("started 1"), .key(.character("s")), probe.until("cancelled 1"),
             probe.until("started 2"), probe.release, .realTimeUntil(.shows("results result 2"), bound: .seconds(60))]
        }
        #expect(program.results == ["result 2"])
        #expect(probe.seen.contains("cancelled 1"))
    }

    @Test func theLoopEndingCancelsWorkInFlight() async {
        let (program, _, probe) = await run { probe in [.key(.character("s")), probe.until("started 1")] }
        #expect(program.results.isEmpty)
        let deadline = ContinuousClock.now + .seconds(60)   // generous: the wait ends when the event happens
        while !probe.seen.contains("cancelled 1"), ContinuousClock.now < deadline { try? await Task.sleep(for: .milliseconds(10)) }
        #expect(probe.seen == ["started 1", "cancelled 1"])
    }
}
