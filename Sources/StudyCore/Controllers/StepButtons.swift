/// Which buttons a step shows and their titles, resolved as SageResearch does: the step's
/// actions, then the task's; hidden when the step (or the task, without an action) hides them;
/// Next or Done from whether a step follows; Back only where going back is possible.
public struct StepButtons: Sendable, Equatable {
    /// One button.
    public struct Button: Sendable, Equatable {
        /// Its slot.
        public var type: ActionType
        /// Its label.
        public var title: String
    }

    /// Back, when shown.
    public var back: Button?
    /// Skip, when shown.
    public var skip: Button?
    /// Next or Done, when shown.
    public var forward: Button?
    /// Learn more (its URL or text shown on request), when the step has one.
    public var learnMore: Button?

    /// All shown buttons, left to right.
    public var all: [Button] { [back, skip, learnMore, forward].compactMap { $0 } }

    /// The buttons for the run's current step.
    public init(run: TaskRun) {
        guard let step = run.currentStep else { return }
        let task = run.task
        func action(_ t: ActionType) -> StepAction? { step.actions[t] ?? task.actions[t] }
        func hidden(_ t: ActionType) -> Bool {
            step.shouldHideActions.contains(t) || (task.shouldHideActions.contains(t) && action(t) == nil)
        }
        let automatic = step.active?.transitionsAutomatically ?? false
        if step.timed != nil {
            // A timed step starts at Enter and moves on by itself when its round is over.
            forward = Button(type: .goForward, title: "Start")
        } else if !hidden(.goForward), !automatic {
            forward = Button(type: .goForward, title: action(.goForward)?.buttonTitle ?? (run.hasStepAfter ? "Next" : "Done"))
        } else if TerminalLimits.isUnrunnable(step) {
            // Hiding it assumed a device that performs the step: here it is the way forward.
            forward = Button(type: .goForward, title: "Continue")
        }
        if !hidden(.goBackward), run.canGoBack {
            back = Button(type: .goBackward, title: action(.goBackward)?.buttonTitle ?? "Back")
        }
        // Only a question the participant can answer offers "Prefer not to answer": a step of
        // read-only or calculated values, or with no question, has nothing to decline.
        let answerable = step.question?.fields.filter { !$0.isReadOnly && !$0.isHidden } ?? []
        let optional = !answerable.isEmpty && answerable.allSatisfy(\.isOptional)
        if !hidden(.skip), action(.skip) != nil || optional, !automatic {
            skip = Button(type: .skip, title: action(.skip)?.buttonTitle ?? (answerable.isEmpty ? "Skip" : "Prefer not to answer"))
        }
        if !hidden(.learnMore), let a = action(.learnMore) {
            learnMore = Button(type: .learnMore, title: a.buttonTitle ?? "Learn more")
        }
    }

    /// The text shown for Learn more: the page's text, a web address to open elsewhere, or why it is
    /// not available here (``ActionPage/terminalText``); nil when the step has no Learn more.
    public static func learnMoreText(_ run: TaskRun) -> String? {
        guard let step = run.currentStep, let a = step.actions[.learnMore] ?? run.task.actions[.learnMore] else { return nil }
        switch a.behavior {
        case .page(let page): return page.terminalText
        case .navigation, .reminder, .standard: return "More about this step is not available in the terminal."
        }
    }
}
