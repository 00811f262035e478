import Foundation
import StudyTermKit
import TUIKit

/// When `run` and the journey ask in plain numbered line prompts instead of a full screen.
enum LineMode {
    /// With `--accessible`, `ACCESSIBLE` set (and not `0`), `TERM=dumb`, or when standard input or
    /// output is not a terminal.
    static func wanted(flag: Bool) -> Bool {
        flag || ProcessEnvironment.value("ACCESSIBLE").map { !$0.isEmpty && $0 != "0" } == true
            || ProcessEnvironment.value("TERM") == "dumb"
            || isatty(0) == 0 || isatty(1) == 0
    }
}
