import StudyCore
import TUIKit

/// What the key map of a task screen depends on; when it is unchanged the map is reused.
struct KeyContext: Sendable, Equatable {
    var focus: TaskKeys.Focus
    var enterTitle: String
    var canGoBack: Bool
    var typing: Bool
    var inGroup: Bool
    var timerRunning: Bool
    var canEnter: Bool
    var canTab: Bool
    var closes: ChoiceList.OpenPart?
    var width: Int
    var canCancel: Bool
}

/// The key map in force and the help line drawn from it.
struct KeyState: Sendable {
    var context: KeyContext?
    var map = KeyMap<TaskAction>([])
    var help = ""
}
