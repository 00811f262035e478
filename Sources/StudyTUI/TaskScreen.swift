import Foundation
import StudyCore
import TUIKit

/// The terminal presentation of a task run: a header with the title and progress, the step's
/// body (text and fields, scrollable; a timed step's captions wrap in it), a message line, a row of buttons, and a help
/// line drawn from the active key bindings. Elm-style: events become messages, `update` changes
/// the state and returns commands (autosave, bell, ticks, quit), `render` draws everything.
public struct TaskScreen: TerminalProgram {
    /// What can happen.
    public enum Message: Sendable {
        case stepAppeared
        case keyPressed(Key)
        case mouseClicked(x: Int, y: Int)
        case resized(Size)
        case signalled(TerminalSignal)
        case timerTicked(generation: Int)
        /// The moment given to a finished step's last caption is over.
        case captionRead(generation: Int)
        /// The autosave command stored the snapshot of the move in flight (nil), or could not (why):
        /// the move counts, or the step stays.
        case autosaved(error: AutosaveFailure?)
        /// The participant was inactive too long (sent by a parent such as a kiosk session): the
        /// run ends `timedOut`, keeping the answers so far or none, and the screen ends.
        case inactivityTimedOut(keepPartial: Bool)
        /// A key a timed step takes before the key map, with the time the program read it.
        case timedKeyRead(Key, at: Duration)
        /// A timed step's stamped frame (its stimulus) reached the terminal at this time.
        case timedFramePresented(Duration, generation: Int)
        /// A timed step's wake-up is due.
        case timedTimerFired(generation: Int)
        /// Esc during a timed round: pause it.
        case timedPaused
        /// Ctrl-C during a timed round: pause it and open the cancel menu.
        case timedInterrupted
    }

    /// An overlay over the step.
    /// The cancel menu's choices, in the order shown (numbered from 1).
    public enum CancelChoice: Int, CaseIterable, Sendable, Equatable {
        case continueTask, saveAndExit, discard

        /// The line the menu shows.
        public var title: String {
            switch self {
            case .continueTask: "Continue the task"
            case .saveAndExit: "Save and exit (resume later)"
            case .discard: "Discard answers and exit"
            }
        }
    }

    public enum Overlay: Sendable, Equatable {
        /// Continue / save and exit / discard; the highlighted choice.
        case cancelMenu(CancelChoice)
        /// The keys of the current screen.
        case help
        /// A step's Learn more text.
        case learnMore(String)
    }

    /// The run (read its result after the loop ends).
    public internal(set) var run: TaskRun
    /// The current step's controller (nil once the run has ended).
    public internal(set) var controller: AnyStepController?
    /// The focused target.
    public internal(set) var focus: FocusTarget?
    /// The first body line shown (adjusted to keep the focus visible).
    public internal(set) var scroll = 0
    /// True while the body stays where `scroll` puts it: a step opens at its top, and the
    /// participant scrolled it; the first key that moves the focus lets it follow the cursor.
    var scrollPinned = true
    /// The overlay shown, if any.
    public internal(set) var overlay: Overlay?
    /// True while a step that moved on by itself waits a moment so that its last caption (a
    /// spoken "end" instruction) can be read; Enter goes on at once.
    var holdsForward = false
    /// The move whose snapshot the autosave command is storing; it counts when `autosaved` says so.
    var moveInFlight: MoveInFlight?
    /// A problem to show on the message line (e.g. the autosave failed).
    public internal(set) var notice: String?
    /// Why the screen stopped; nil while it runs.
    public internal(set) var exit: ScreenExit?
    /// The terminal size.
    public internal(set) var size: Size
    var timerGeneration = 0
    /// The header's title and progress for the current step.
    var header: TaskHeader
    /// The key map and help line, rebuilt after an update only when their inputs changed.
    var keys = KeyState()
    let environment: TaskEnvironment
    /// Whether Ctrl-C offers the cancel menu (save for later, discard); a study station locks it,
    /// and a locked control is hidden: no help line or help box names it.
    public let canCancel: Bool

    /// Smallest usable size.
    public static let minimumSize = Size(width: 40, height: 12)

    /// A screen over a started (or restored) run; `canCancel: false` locks the cancel menu.
    public init(run: TaskRun, size: Size, environment: TaskEnvironment, canCancel: Bool = true) {
        self.canCancel = canCancel
        self.run = run
        self.size = size
        self.environment = environment
        controller = AnyStepController(run: run, timeZone: environment.timeZone)
        header = TaskHeader(run: run)
        buttons = StepButtons(run: run)
        notes = [TerminalLimits.taskWarning(run.task), TerminalLimits.note(for: run)].compactMap { $0 }
        layOutStepText()
        focus = initialFocus
        refreshKeys()
    }

    /// Starts the first step's timer when it starts by itself.
    public var initialCommands: [Command<Message>] { [.perform { .stepAppeared }] }

    /// Keys, resizes, clicks and signals become messages; ticks come from timers.
    public func message(for event: TerminalEvent) -> Message? {
        switch event {
        case .key(let k): return .keyPressed(k)
        case .resize(let w, let h): return .resized(Size(width: w, height: h))
        case .mouse(let x, let y, let button): return button == .left ? .mouseClicked(x: x, y: y) : nil
        case .signal(let s): return .signalled(s)
        case .tick: return nil
        }
    }

    /// Maps an event knowing when it was read: while a timed step's round runs, its keys go to
    /// it with their read time, before the key map; only Esc (pause) and Ctrl-C (menu) stay global.
    public func message(for event: TerminalEvent, readAt time: Duration) -> Message? {
        if case .key(let key) = event, overlay == nil, case .timed(let t)? = controller, t.takesRawKeys {
            switch key {
            case .escape: return .timedPaused
            case .ctrl("c"): return .timedInterrupted
            default: return .timedKeyRead(key, at: time)
            }
        }
        return message(for: event)
    }

    /// True when the terminal is too small for the layout.
    public var isTooSmall: Bool { size.width < Self.minimumSize.width || size.height < Self.minimumSize.height }

    /// The buttons of the current step (worked out when the step appears).
    public internal(set) var buttons: StepButtons
    /// Where the buttons go on their row (see ``layOutStepText()``).
    var buttonFrames: [ScreenLayout.ButtonFrame] = []
    /// The step's title, text and detail wrapped for the body (see ``layOutStepText()``).
    var preamble: [BodyLine] = []
    /// What the terminal cannot do on this step, and on the first screen of a task that is
    /// mostly beyond it, a warning (see ``TerminalLimits``); set when a step appears.
    var notes: [String] = []

    /// Lays out the parts of the step that change only with the step or the width, the header's
    /// title, the button frames and the wrapped title, text and detail, so that a frame only
    /// draws them. Call it after the header, controller and buttons are set, and after a resize.
    mutating func layOutStepText() {
        header.layOut(width: size.width)
        buttonFrames = ScreenLayout.frames(of: buttons, width: size.width)
        preamble = controller.map { StepBodyBuilder.preamble(of: $0.step, width: ScreenLayout.bodyWidth(size), notes: notes) } ?? []
    }

    /// Where focus can go: fields, then buttons (Back last, so Tab from the last field reaches Next).
    public var focusRing: [FocusTarget] {
        var ring: [FocusTarget] = []
        if case .question(let q)? = controller { ring = q.focusablePaths.map { .field($0) } }
        forEachRingButton { ring.append(.button($0)) }
        return ring
    }

    /// Calls `body` with the type of each button on the ``focusRing``, in ring order (no array
    /// built: the count and the membership check below run after every edit).
    private func forEachRingButton(_ body: (ActionType) -> Void) {
        if let b = buttons.forward { body(b.type) }
        if let b = buttons.skip { body(b.type) }
        if let b = buttons.learnMore { body(b.type) }
        if let b = buttons.back { body(b.type) }
    }

    /// How many targets the ``focusRing`` holds, counted without building it.
    var focusRingCount: Int {
        var count = 0
        if case .question(let q)? = controller { count = q.focusablePathCount }
        forEachRingButton { _ in count += 1 }
        return count
    }

    /// True when `target` is on the ``focusRing``, worked out without building the ring (asked
    /// after every edit).
    func isOnFocusRing(_ target: FocusTarget) -> Bool {
        switch target {
        case .field(let path):
            guard case .question(let q)? = controller else { return false }
            return q.isFocusable(path)
        case .button(let type):
            var found = false
            forEachRingButton { found = found || $0 == type }
            return found
        }
    }

    /// The first field, or the forward button.
    var initialFocus: FocusTarget? {
        let ring = focusRing
        return ring.first { if case .field = $0 { return true } else { return false } } ?? ring.first
    }

    /// The editor that has the focus, if a field has it.
    public var focusedEditor: FieldEditor? {
        readFocusedEditor { $0 }
    }

    /// What `body` reads from the focused editor; nil when no field has the focus.
    func readFocusedEditor<R>(_ body: (FieldEditor) -> R) -> R? {
        guard case .field(let path)? = focus, case .question(let q)? = controller else { return nil }
        return q.reading(path, body)
    }
}
