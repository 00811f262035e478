/// A button slot on a step.
public enum ActionType: Hashable, Sendable, CustomStringConvertible {
    case goForward, goBackward, skip, cancel, learnMore, reviewInstructions, abandonAssessment
    /// An app-specific action.
    case custom(String)

    /// Reads an action type from its JSON spelling.
    public init(_ raw: String) {
        switch raw {
        case "goForward": self = .goForward
        case "goBackward": self = .goBackward
        case "skip": self = .skip
        case "cancel": self = .cancel
        case "learnMore": self = .learnMore
        case "reviewInstructions": self = .reviewInstructions
        case "abandonAssessment": self = .abandonAssessment
        default: self = .custom(raw)
        }
    }

    public var description: String {
        switch self {
        case .goForward: return "goForward"
        case .goBackward: return "goBackward"
        case .skip: return "skip"
        case .cancel: return "cancel"
        case .learnMore: return "learnMore"
        case .reviewInstructions: return "reviewInstructions"
        case .abandonAssessment: return "abandonAssessment"
        case .custom(let s): return s
        }
    }
}

/// A button definition.
public struct StepAction: Sendable, Equatable {
    /// What pressing it does beyond its slot's default.
    public enum Behavior: Sendable, Equatable {
        /// The slot's default behaviour.
        case standard
        /// Goes forward to this target (a skip action with `skipToIdentifier`).
        case navigation(NavigationTarget)
        /// Opens a page or a video (a terminal shows its text, its address, or that it is not available).
        case page(ActionPage)
        /// A reminder action (not offered in a terminal).
        case reminder(identifier: String)
    }

    /// The label; nil uses the default for the slot.
    public var buttonTitle: String?
    /// What it does.
    public var behavior: Behavior

    public init(buttonTitle: String? = nil, behavior: Behavior = .standard) {
        self.buttonTitle = buttonTitle
        self.behavior = behavior
    }

    /// The navigation target when this is a navigation action.
    public var skipTo: NavigationTarget? {
        if case .navigation(let t) = behavior { return t }
        return nil
    }
}
