import Foundation
import StudyTermKit
import StudyTUI
import TUIKit

/// Standard input and output for line mode (`run` and the journey): people's text goes through
/// ``Console`` (sanitized, ASCII outside a UTF-8 locale), wrapped between words to the width
/// ``LineRunner/columns()`` gives (the journey's own text as well as a task's). Input is read by
/// one `DeadlineLineReader` (whole lines, with a deadline when one is given). A reader that has
/// gone (a closed pipe) reads as the end of input.
final class LineIO: @unchecked Sendable {
    /// True once a write failed because nobody reads any more.
    private(set) var gone = false
    /// Standard input's only reader.
    private let reader = DeadlineLineReader()

    /// Writes `text`, wrapped to the line-mode width.
    func write(_ text: String) {
        let shown = TextWidth.wrapIndented(text, width: max(20, LineRunner.columns()))
        if !Console.write(shown, to: STDOUT_FILENO, forPeople: true) { gone = true }
    }

    /// One line of input; nil at its end or once the reader has gone.
    func readLine() -> String? {
        if case .line(let line) = read(until: nil) { return line }
        return nil
    }

    /// One line of input before `deadline` (on `MonotonicClock.process`; nil: no
    /// deadline); the end once the reader has gone.
    func read(until deadline: Duration?) -> LineRead {
        gone ? .ended : reader.read(until: deadline)
    }

    /// Throws away what was typed and not yet read (a kiosk station's privacy reset).
    func discardPending() { reader.discardPending() }
}
