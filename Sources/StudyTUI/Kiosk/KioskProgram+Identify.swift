import Foundation
import StudyCore
import TUIKit

extension KioskProgram {
    /// After the language: the identification screen with its idle timeout, or (anonymous) the
    /// session begins at once.
    mutating func identifyOrBegin() -> [Command<KioskMessage>] {
        guard station.identification.asksForID else { return begin() }
        screen = .identify(KioskIdentifyPrompt())
        return startIdle()
    }

    /// A key on the identification screen (read at `time`): letters and digits build the entry,
    /// Enter checks it (a scanner's burst as one entry) by the station's mode, Esc leaves for
    /// welcome. An accepted identifier begins the session under it; a refused one is cleared and
    /// the screen says why, never what the right check character would be.
    mutating func identifyKey(_ key: Key, at time: Duration) -> [Command<KioskMessage>] {
        guard case .identify(var prompt) = screen else { return [] }
        if key == .escape { return leaveIdentification() }
        let activity = idleActivity()
        let gap: Int
        if case .barcode(let maxGap, _) = station.identification.mode { gap = maxGap } else { gap = BarcodeBurst.defaultMaxGapMilliseconds }
        guard let entry = prompt.read(key, at: time, maxGapMilliseconds: gap) else {
            screen = .identify(prompt)
            return activity
        }
        switch station.identification.verdict(for: entry) {
        case .accepted(let id):
            return begin(participantID: id)
        case .empty:
            screen = .identify(prompt)
            return activity
        case .wrongCheckCharacter:
            prompt.refuse(.wrongCheckCharacter)
        case .notOnRoster:
            prompt.refuse(.notOnRoster)
        }
        screen = .identify(prompt)
        return activity
    }

    /// Esc on the identification screen: nothing was stored, so nothing ends in the store; the
    /// privacy reset still runs (the entry and the session leave memory, the terminal and its
    /// typed-ahead input are wiped, the language is the station's again), then welcome.
    mutating func leaveIdentification() -> [Command<KioskMessage>] {
        session = nil
        (withdrawalCode, pendingEnd, idle, consentDeclined) = (nil, nil, nil, false)
        language = station.languages.first ?? "en"
        return [.cancelTimer(Self.idleTimer), .wipeScreen] + toWelcome(wiped: true)
    }

    /// What the identification screen says in each mode.
    var identifyLines: (title: String, prompt: String) {
        switch station.identification.mode {
        case .anonymous: ("", "")
        case .staff: ("A staff member will enter your ID", "Staff: type the participant's ID, then Enter")
        case .typed: ("Please type your participant ID", "Type your ID as printed, then press Enter")
        case .roster: ("Please type your participant ID", "Type your ID, then press Enter")
        case .barcode: ("Please scan your participant card", "Scan the card's barcode, or type the code and press Enter")
        }
    }

    /// Draws the identification screen: what to do, the entry (shown as typed, so the person typing
    /// can check it before Enter), and why the last entry was refused.
    func renderIdentify(_ prompt: KioskIdentifyPrompt, into canvas: inout Canvas) -> CursorPosition? {
        let mid = canvas.size.height / 2
        let lines = identifyLines
        centreWrapped(lines.title, at: mid - 5, rows: 2, role: .title, in: &canvas)
        centreWrapped(lines.prompt, at: mid - 3, rows: 2, in: &canvas)
        let width = ParticipantIDCheck.maximumLength
        let box = "[ " + prompt.entry + String(repeating: " ", count: max(0, width - prompt.entry.count)) + " ]"
        let x = max(0, (canvas.size.width - TextWidth.width(of: box)) / 2)
        canvas.put(box, at: Point(x: x, y: mid), role: .accent)
        switch prompt.problem {
        case .wrongCheckCharacter?:
            centreWrapped("That ID's check character is wrong. Please check the ID and type it again.", at: mid + 2, rows: 3,
                          role: .error, in: &canvas)
        case .notOnRoster?:
            centreWrapped("That ID is not on this study's list. Please ask staff.", at: mid + 2, rows: 3, role: .error, in: &canvas)
        case nil:
            break
        }
        canvas.put("Enter confirm   Backspace erase   Esc back", at: Point(x: 1, y: canvas.size.height - 1), role: .help)
        return canvas.absolute(Point(x: min(canvas.size.width - 1, x + 2 + prompt.entry.count), y: mid))
    }

    /// Draws `text` wrapped to the canvas's width (less a margin), each line centred, from row `y`,
    /// at most `rows` lines (a large font at 64 columns still shows the whole message).
    func centreWrapped(_ text: String, at y: Int, rows: Int, role: StyleRole = .normal, in canvas: inout Canvas) {
        for (i, line) in TextWidth.wrap(text, width: max(1, canvas.size.width - 2)).prefix(rows).enumerated() {
            centre(line, at: y + i, role: role, in: &canvas)
        }
    }
}
