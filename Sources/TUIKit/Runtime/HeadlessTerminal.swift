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

        /// A key press.
        public static func key(_ key: Key) -> Input { .event(.key(key)) }

        /// Key presses typing `text`, one character each.
        public static func typing(_ text: String) -> [Input] {
            text.map { .event(.key(.character($0))) }
        }
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
            }
        }
        return nil
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
