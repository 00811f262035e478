import Foundation

/// A ``Terminal`` for tests: a fixed (resizable) size, a script of input, and a record of
/// every frame and bell. It never touches a real terminal.
///
/// Time passes only through the script: a ``Input/wait(_:)`` step advances ``clock`` in slices
/// no longer than the loop's timeout, answering each slice with `.tick`, so a countdown scripted
/// as `.wait(.seconds(3))` sees exactly its three one-second ticks; with no timer pending (no
/// timeout) a wait only moves the clock. When the script is used up,
/// ``nextEvent(timeout:)`` returns nil (input ended).
public final class HeadlessTerminal: Terminal {
    /// One step of scripted input.
    public enum Input: Sendable, Hashable {
        /// Deliver this event.
        case event(TerminalEvent)
        /// Let this much time pass with no input.
        case wait(Duration)
        /// Let this much real time pass with no input, so that asynchronous work (which runs in
        /// real time) can finish: every wait the loop asks for is slept and answered with `.tick`.
        /// The test clock does not move.
        case realTime(Duration)
        /// Let real time pass until `condition` holds (asynchronous work ended, a screen showed),
        /// at most `bound`: a test waits for the event with a generous bound, never for a guessed
        /// time that a busy machine outlasts. Waits are answered with `.tick`, as in
        /// ``realTime(_:)``; the test clock does not move.
        case realTimeUntil(Condition, bound: Duration)

        /// A key press.
        public static func key(_ key: Key) -> Input { .event(.key(key)) }

        /// Key presses typing `text`, one character each.
        public static func typing(_ text: String) -> [Input] {
            text.map { .event(.key(.character($0))) }
        }
    }

    /// What a ``Input/realTimeUntil(_:bound:)`` step waits for: a test of the terminal (its
    /// frames) or of anything the test shares with the work. Equal only to itself.
    public struct Condition: Sendable, Hashable {
        private final class Box: Sendable {
            let test: @Sendable (HeadlessTerminal) -> Bool
            init(_ test: @escaping @Sendable (HeadlessTerminal) -> Bool) { self.test = test }
        }

        private let box: Box

        /// A condition; `test` is called on the loop's thread between waits.
        public init(_ test: @escaping @Sendable (HeadlessTerminal) -> Bool) { box = Box(test) }

        /// Holds when the last frame shows `text`.
        public static func shows(_ text: String) -> Condition {
            Condition { $0.lastFrame?.canvas.plainText().contains(text) == true }
        }

        /// Runs `action` once and holds at once: a step that acts (opens a gate) between inputs.
        public static func perform(_ action: @escaping @Sendable () -> Void) -> Condition {
            Condition { _ in action(); return true }
        }

        func holds(_ terminal: HeadlessTerminal) -> Bool { box.test(terminal) }

        public static func == (a: Condition, b: Condition) -> Bool { a.box === b.box }
        public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(box)) }
    }

    /// One presented screen.
    public struct Frame: Sendable, Hashable {
        /// What was shown.
        public var canvas: Canvas
        /// Where the cursor was placed (nil: hidden).
        public var cursor: CursorPosition?
    }

    /// The current size; a scripted `.resize` event changes it when delivered.
    public private(set) var size: Size
    /// Reported colour support.
    public var colorsAvailable: Bool
    /// The shared test clock, advanced by `.wait` steps.
    public let clock: ManualClock
    /// Every frame presented, oldest first.
    public private(set) var frames: [Frame] = []
    /// How many times the bell rang.
    public private(set) var bellCount = 0
    /// How many frames had been presented at each wipe, in order (a wipe comes after that frame).
    public private(set) var wipes: [Int] = []
    /// How many times ``flushInput()`` was called.
    public private(set) var inputFlushes = 0
    /// How many times ``close()`` was called.
    public private(set) var closeCount = 0
    private var script: [Input]

    /// A headless terminal of `width` × `height` that will deliver `script` in order.
    public init(
        width: Int = 80, height: Int = 24, script: [Input] = [], colorsAvailable: Bool = true,
        clock: ManualClock = ManualClock()
    ) {
        self.size = Size(width: width, height: height)
        self.script = script
        self.colorsAvailable = colorsAvailable
        self.clock = clock
    }

    /// The last frame presented.
    public var lastFrame: Frame? { frames.last }

    /// Appends input to the end of the script.
    public func enqueue(_ inputs: [Input]) {
        script.append(contentsOf: inputs)
    }

    /// Records the frame.
    public func present(_ canvas: Canvas, cursor: CursorPosition?) {
        frames.append(Frame(canvas: canvas, cursor: cursor))
    }

    /// The next scripted event, `.tick` when a scripted wait outlasts `timeout`, nil at the end.
    public func nextEvent(timeout: Duration?) -> TerminalEvent? {
        while let step = script.first {
            switch step {
            case .event(let event):
                script.removeFirst()
                if case .resize(let width, let height) = event {
                    size = Size(width: width, height: height)
                }
                return event
            case .wait(let remaining):
                if let timeout, timeout < remaining {
                    clock.advance(by: timeout)
                    script[0] = .wait(remaining - timeout)
                    return .tick
                }
                clock.advance(by: remaining)
                script.removeFirst()
                if timeout != nil { return .tick }
            case .realTime(let remaining):
                let slice = min(timeout ?? remaining, remaining)
                Thread.sleep(forTimeInterval: Double(slice.components.seconds) + Double(slice.components.attoseconds) / 1e18)
                if slice < remaining { script[0] = .realTime(remaining - slice) } else { script.removeFirst() }
                return .tick
            case .realTimeUntil(let condition, let bound):
                if bound <= .zero || condition.holds(self) {
                    script.removeFirst()
                    continue
                }
                let slice = min(max(timeout ?? .milliseconds(10), .milliseconds(1)), .milliseconds(10), bound)
                Thread.sleep(forTimeInterval: Double(slice.components.seconds) + Double(slice.components.attoseconds) / 1e18)
                script[0] = .realTimeUntil(condition, bound: bound - slice)
                return .tick
            }
        }
        return nil
    }

    /// Records the wipe after the frames presented so far. Scripted input is not dropped: a script
    /// is what the test types after the wipe (typed-ahead keys are the real terminal's concern).
    public func wipe() {
        wipes.append(frames.count)
    }

    /// Counts the flush. Scripted input is not dropped (see ``wipe()``).
    public func flushInput() {
        inputFlushes += 1
    }

    /// Counts the bell.
    public func bell() {
        bellCount += 1
    }

    /// Counts the close.
    public func close() {
        closeCount += 1
    }
}
