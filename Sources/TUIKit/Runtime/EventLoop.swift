import Foundation

/// Runs a ``TerminalProgram`` against a ``Terminal``: events → messages → update → commands →
/// one whole render into an off-screen canvas → one present per frame (the terminal writes only
/// the cells that changed).
///
/// The loop runs on the caller's thread, which is the only thread that touches the terminal and
/// the program. Timers come from ``Command/tick(after:_:)`` and ``Command/timer(_:after:_:)`` (named:
/// replaced or cancelled by name) and are measured on an injected
/// ``MonotonicClock``; the loop passes the time to the next deadline to
/// ``Terminal/nextEvent(timeout:)`` and delivers due ticks after every event. Asynchronous work
/// (``Command/work(_:_:)``) runs in Swift tasks off this thread (on ``WorkExecutor``); what it
/// returns comes back as a message, handled like a key's. A terminal cannot be woken from another
/// thread (ncurses reads on this one), so while work is in flight the loop waits at most
/// ``workPollInterval`` at a time and collects finished work after every event.
///
///     key ─▶ message ─▶ update ─▶ commands ─┬─▶ perform (now, before the frame) ─┐
///       ▲                  ▲                ├─▶ tick (timer) ────────────────────┤
///       │                  │                └─▶ work (a task, off the loop) ─────┤
///       │                  └──────────────────── message ◀──────────────────────┘
///       └── frame ◀── render
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
    /// so alternating two canvases redraws without allocating a screen of cells.
    private var spareCanvas: Canvas
    private var timers: [PendingTick] = []
    private var inbox: [Program.Message] = []
    private var timerSequence = 0
    private var quitRequested = false
    /// Who asked for the time of the next frame (``Command/whenPresented(_:)``).
    private var presentationStamps: [@Sendable (Duration) -> Program.Message] = []
    /// Where finished work leaves its message.
    private let mailbox = WorkMailbox<Program.Message>()
    /// Work in flight, by id, with the number it was started with.
    private var running: [WorkID: (number: Int, task: Task<Void, Never>)] = [:]
    private var workSequence = 0
    /// Whether the loop waits for all work in flight before it reads the next event.
    private let settlesWork: Bool

    /// The longest wait for input while asynchronous work is in flight: its message is delivered
    /// at most this late.
    public static var workPollInterval: Duration { .milliseconds(10) }

    /// A loop for `program` on `terminal`, timed by `clock` (the process's one clock by default).
    ///
    /// `settlesWork` is for scripted tests of a program's flow: before reading each event the
    /// loop waits until the asynchronous work in flight has finished and its messages are handled,
    /// so a script's next key meets the screen the last one's work led to. The app never sets it;
    /// tests of the loop staying live while work runs leave it off too.
    public init(program: Program, terminal: any Terminal, clock: MonotonicClock = .process, settlesWork: Bool = false) {
        self.program = program
        self.terminal = terminal
        self.clock = clock
        self.settlesWork = settlesWork
        self.canvas = Canvas(size: terminal.size)
        self.spareCanvas = canvas
    }

    /// Runs until the program quits, a signal arrives, or input ends; presents the first frame
    /// before waiting for input and the last frame before returning.
    public mutating func run() -> LoopExit {
        defer { cancelAllWork() }
        execute(program.initialCommands)
        drainInbox()
        present()
        if quitRequested { return .quit }
        while true {
            if settlesWork, !quitRequested, !running.isEmpty {
                settleWork()
                present()
                if quitRequested { return .quit }
            }
            var wait = timers.isEmpty ? nil : timeUntilNextTick()
            if !running.isEmpty { wait = min(wait ?? Self.workPollInterval, Self.workPollInterval) }
            guard let event = terminal.nextEvent(timeout: wait) else {
                return .inputEnded
            }
            let readAt = clock.now()
            // Checked here, in the specialized loop: the generic helper would look up type
            // metadata at every key just to find the list empty.
            var changed = timers.isEmpty ? false : fireDueTicks()
            if !running.isEmpty, collectFinishedWork() { changed = true }
            if case .resize(let width, let height) = event {
                canvas.resize(to: Size(width: width, height: height))
                spareCanvas = canvas
                changed = true
            }
            if let message = program.message(for: event, readAt: readAt) {
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
            case .wipeScreen:
                terminal.wipe()
            case .flushInput:
                terminal.flushInput()
            case .whenPresented(let stamp):
                presentationStamps.append(stamp)
            case .tick(let delay, let message):
                timerSequence += 1
                timers.append(PendingTick(deadline: clock.now() + delay, order: timerSequence, id: nil, message: message))
            case .timer(let id, let delay, let message):
                timers.removeAll { $0.id == id }
                timerSequence += 1
                timers.append(PendingTick(deadline: clock.now() + delay, order: timerSequence, id: id, message: message))
            case .cancelTimer(let id):
                timers.removeAll { $0.id == id }
            case .perform(let effect):
                if let message = effect() { inbox.append(message) }
            case .work(let id, let operation):
                running.removeValue(forKey: id)?.task.cancel()
                workSequence += 1
                let number = workSequence, mailbox = mailbox
                let body: @Sendable () async -> Void = {
                    let message = await operation()
                    mailbox.post(.init(id: id, number: number, message: message))
                }
                let task: Task<Void, Never>
                if #available(macOS 15.0, *) {
                    task = Task.detached(executorPreference: WorkExecutor.shared, operation: body)
                } else {
                    task = Task.detached(operation: body)
                }
                running[id] = (number, task)
            case .cancel(let id):
                running.removeValue(forKey: id)?.task.cancel()
            }
        }
    }

    /// Delivers the messages of finished work that is still wanted (neither cancelled nor replaced
    /// since), in the order it finished.
    ///
    /// - Returns: true when a message was delivered.
    private mutating func collectFinishedWork() -> Bool {
        var delivered = false
        for delivery in mailbox.takeAll() where running[delivery.id]?.number == delivery.number {
            running[delivery.id] = nil
            inbox.append(delivery.message)
            delivered = true
        }
        if delivered { drainInbox() }
        return delivered
    }

    /// Waits until no work is in flight, handling each message as its work finishes.
    private mutating func settleWork() {
        while !running.isEmpty {
            mailbox.waitForDelivery()
            _ = collectFinishedWork()
        }
    }

    /// Cancels all work in flight (the loop is ending).
    private mutating func cancelAllWork() {
        for (_, work) in running { work.task.cancel() }
        running.removeAll()
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

    /// Draws the whole frame off-screen, into the canvas of the frame before last, and presents it
    /// once with the hardware cursor where the program puts it (when that is on the screen).
    private mutating func present() {
        swap(&canvas, &spareCanvas)
        canvas.clear()
        let position = program.render(into: &canvas)
        let cursor = position.flatMap { point in Rect(origin: .zero, size: canvas.size).contains(point) ? point : nil }
        terminal.present(canvas, cursor: cursor)
        framesPresented += 1
        if !presentationStamps.isEmpty { deliverPresentationTime() }
    }

    /// Tells those who asked when the frame just presented reached the terminal, then draws again
    /// if that changed the state (a frame asked for again is stamped again, one frame later).
    private mutating func deliverPresentationTime() {
        let presentedAt = clock.now()
        let stamps = presentationStamps
        presentationStamps.removeAll()
        inbox.append(contentsOf: stamps.map { $0(presentedAt) })
        if drainInbox() { present() }
    }

    /// A tick or a named timer waiting for its deadline; ordered by deadline, then by scheduling order.
    private struct PendingTick: Comparable {
        var deadline: Duration
        var order: Int
        /// The timer's name (nil for a tick, which cannot be replaced or cancelled).
        var id: TimerID?
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
