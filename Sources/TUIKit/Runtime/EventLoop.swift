import Foundation

/// Runs a ``TerminalProgram`` against a ``Terminal``: events → messages → update → commands →
/// one full redraw into an off-screen canvas → one present per frame.
///
/// Everything happens synchronously on the caller's thread, which is the only thread that
/// touches the terminal. Timers come from ``Command/tick(after:_:)`` and are measured on an
/// injected ``MonotonicClock``; the loop passes the time to the next deadline to
/// ``Terminal/nextEvent(timeout:)`` and delivers due ticks after every event.
///
/// ```swift
/// var loop = EventLoop(program: CounterProgram(), terminal: terminal)
/// let exit = loop.run()          // returns on .quit, a signal, or end of input
/// terminal.close()
/// let finalState = loop.program
/// ```
public struct EventLoop<Program: TerminalProgram> {
    /// The program, holding its latest state (read it after ``run()`` returns).
    public private(set) var program: Program
    /// How many frames have been presented.
    public private(set) var framesPresented = 0

    private let terminal: any Terminal
    private let clock: MonotonicClock
    private var canvas: Canvas
    /// The frame before last, drawn into next: the terminal keeps the last frame it was given,
    /// so alternating two canvases redraws without copying or allocating a screen of cells.
    private var spareCanvas: Canvas
    private var timers: [PendingTick] = []
    private var inbox: [Program.Message] = []
    private var timerSequence = 0
    private var quitRequested = false

    /// A loop for `program` on `terminal`, timed by `clock` (the continuous clock by default).
    public init(program: Program, terminal: any Terminal, clock: MonotonicClock = .continuous()) {
        self.program = program
        self.terminal = terminal
        self.clock = clock
        self.canvas = Canvas(size: terminal.size)
        self.spareCanvas = canvas
    }

    /// Runs until the program quits, a signal arrives, or input ends; presents the first frame
    /// before waiting for input and the last frame before returning.
    public mutating func run() -> LoopExit {
        execute(program.initialCommands)
        drainInbox()
        present()
        if quitRequested { return .quit }
        while true {
            guard let event = terminal.nextEvent(timeout: timers.isEmpty ? nil : timeUntilNextTick()) else {
                return .inputEnded
            }
            // Checked here, in the specialized loop: the generic helper would look up type
            // metadata at every key just to find the list empty.
            var changed = timers.isEmpty ? false : fireDueTicks()
            if case .resize(let width, let height) = event {
                canvas.resize(to: Size(width: width, height: height))
                spareCanvas = canvas
                changed = true
            }
            if let message = program.message(for: event) {
                // The inbox is empty between events: the message is handled at once, then
                // whatever its commands queued.
                execute(program.update(message))
                drainInbox()
                changed = true
            }
            if changed || quitRequested { present() }
            if case .signal(let signal) = event { return .signal(signal) }
            if quitRequested { return .quit }
        }
    }

    /// Handles queued messages in order, including those produced by their commands.
    ///
    /// - Returns: true when at least one message was handled.
    @discardableResult
    private mutating func drainInbox() -> Bool {
        var handled = false
        while !inbox.isEmpty {
            let message = inbox.removeFirst()
            execute(program.update(message))
            handled = true
        }
        return handled
    }

    /// Carries out commands in order.
    private mutating func execute(_ commands: [Command<Program.Message>]) {
        for command in commands {
            switch command {
            case .quit:
                quitRequested = true
            case .bell:
                terminal.bell()
            case .tick(let delay, let message):
                timerSequence += 1
                timers.append(PendingTick(deadline: clock.now() + delay, order: timerSequence, message: message))
            case .perform(let effect):
                if let message = effect() { inbox.append(message) }
            }
        }
    }

    /// Delivers every tick whose deadline has passed, earliest first.
    ///
    /// - Returns: true when a tick was delivered.
    private mutating func fireDueTicks() -> Bool {
        let now = clock.now()
        let due = timers.filter { $0.deadline <= now }.sorted()
        guard !due.isEmpty else { return false }
        timers.removeAll { $0.deadline <= now }
        inbox.append(contentsOf: due.map(\.message))
        drainInbox()
        return true
    }

    /// The wait before the earliest pending tick, or nil when none is pending.
    private func timeUntilNextTick() -> Duration? {
        guard let next = timers.min() else { return nil }
        return max(.zero, next.deadline - clock.now())
    }

    /// Redraws the whole screen off-screen and presents it once.
    private mutating func present() {
        swap(&canvas, &spareCanvas)
        canvas.clear()
        let cursor = program.render(into: &canvas)
        let visibleCursor = cursor.flatMap { point in
            Rect(origin: .zero, size: canvas.size).contains(point) ? point : nil
        }
        terminal.present(canvas, cursor: visibleCursor)
        framesPresented += 1
    }

    /// A tick waiting for its deadline; ordered by deadline, then by scheduling order.
    private struct PendingTick: Comparable {
        var deadline: Duration
        var order: Int
        var message: Program.Message

        /// Earlier deadline first; ties keep scheduling order.
        static func < (lhs: PendingTick, rhs: PendingTick) -> Bool {
            (lhs.deadline, lhs.order) < (rhs.deadline, rhs.order)
        }

        /// The same scheduled tick (orders are unique).
        static func == (lhs: PendingTick, rhs: PendingTick) -> Bool {
            lhs.order == rhs.order
        }
    }
}
