import Foundation
import StudyCore
import TUIKit

extension KioskLineStation {
    /// Says the screen the program is on as lines and reads what it asks for: welcome waits for
    /// Enter, the language chooser for a number, the identification for the identifier, the
    /// consent for yes or no, a task is asked in line prompts, and the
    /// thank-you waits for its time. Screens this face does not offer (the admin prompt and menu,
    /// which only the full screen's key chord opens) wait for the program to move on.
    func ask() {
        switch program.screen {
        case .welcome: welcome()
        case .language: chooseLanguage()
        case .identify: identify()
        case .consent(let visit): consent(visit)
        case .task(let visit): askTask(visit)
        case .thankYou(let code): thankYou(code)
        default: waitForProgram()
        }
    }

    /// Prints `text` (sanitized) and a line break.
    func say(_ text: String = "") { output(Sanitizer.sanitizeParagraphs(text) + "\n") }

    /// The attract prompt: the station's name, a line for staff when the last session could not
    /// be stored, and "Press Enter to begin"; any line begins a session. It never times out. A
    /// paused station says so and begins none (only staff, on the full screen, resume it).
    func welcome() {
        say()
        say(Sanitizer.sanitizeLine(program.station.name))
        if program.paused {
            say("This station is paused. Please ask staff.")
            return waitForProgram()
        }
        if let notice = program.notice { say("! " + notice) }
        output("Press Enter to begin.\n> ")
        guard nextReply() != nil, case .welcome = program.screen else { return }
        deliver(.keyPressed(.enter))
    }

    /// The language chooser as a numbered list, each language named in itself; the number typed
    /// chooses it (the program's chooser moves to it and confirms, as the arrow keys and Enter do).
    func chooseLanguage() {
        let languages = program.station.languages
        say("Language (type its number):")
        for (i, tag) in languages.enumerated() { say("\(i + 1). \(LanguageNames.autonym(tag))") }
        while case .language(let highlighted) = program.screen {
            output("> ")
            guard let reply = nextReply() else { return }
            guard let n = Int(reply.trimmingCharacters(in: .whitespaces)), (1...languages.count).contains(n) else {
                say("Type a number from 1 to \(languages.count).")
                continue
            }
            let moves = Array(repeating: Key.down, count: max(0, n - 1 - highlighted))
                + Array(repeating: Key.up, count: max(0, highlighted - (n - 1)))
            for key in moves + [.enter] { deliver(.keyPressed(key)) }
        }
    }

    /// The thank-you with the withdrawal code; it returns to welcome by itself (the program's
    /// timer), and lines typed meanwhile never reach the next participant.
    func thankYou(_ code: String?) {
        say()
        say("Thank you! Your answers are stored.")
        if let code {
            say("Your withdrawal code: \(code)")
            say("Keep it if you may want your answers removed later.")
        }
        waitForProgram()
    }
}
