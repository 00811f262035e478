import StudyCore
import TUIKit

extension TaskScreen {
    /// A button's title as help shows it: the button's own capitalisation, except that a first
    /// word written as an ordinary capitalised word ("Next", "Done") reads in lower case like the
    /// other help entries; "I", acronyms ("OK") and the words after it stay as written.
    static func helpTitle(_ title: String) -> String {
        let first = title.prefix { $0.isLetter }
        guard first.count > 1, let head = first.first, head.isUppercase,
              first.dropFirst().allSatisfy({ $0.isLowercase }) else { return title }
        return head.lowercased() + title.dropFirst()
    }

    /// True when a field follows the focused one on the focus ring: Enter moves there instead of
    /// sending the step (it sends from the last field or a button, as in ResearchKit).
    var hasLaterField: Bool { nextFieldTarget != nil }

    /// The field after the focused field on the focus ring that takes an answer, if any (a
    /// repeating group's own place, where Ctrl-N adds entries, is passed over).
    var nextFieldTarget: FocusTarget? {
        guard case .field? = focus, case .question(let q)? = controller else { return nil }
        let ring = focusRing
        guard let at = focus.flatMap({ ring.firstIndex(of: $0) }) else { return nil }
        return ring[(at + 1)...].first { target in
            guard case .field(let path) = target else { return false }
            return q.reading(path) { if case .entries = $0.state { false } else { true } } ?? false
        }
    }
}
