import Foundation
import StudyCore
import StudyTUI
import Testing
import TUIKit

/// The station's identification screen on a headless terminal with a manual clock: each mode's
/// rule, a scanner's burst as one entry, Esc and the idle timeout back to welcome, and nothing
/// typed surviving the wipe.
@Suite struct KioskIdentifyTests {
    /// A one-task station identifying participants by `mode` (the roster's identifiers in roster mode).
    func station(_ mode: ParticipantIDMode, roster: String? = nil) -> KioskStation {
        KioskStation(name: "Lobby station", plan: [KioskPlanItem(task: "note")],
                     timeouts: KioskTimeouts(screenSeconds: 60, warningSeconds: 20, maxExtensions: 10, thankYouSeconds: 5),
                     identification: ParticipantIDCheck(mode: mode, roster: roster.map(ParticipantRoster.init(text:))))
    }

    /// Runs the station over `script`.
    func run(_ script: [HeadlessTerminal.Input], station: KioskStation,
             size: Size = Size(width: 80, height: 24)) -> (HeadlessTerminal, KioskFakeServices, KioskProgram) {
        let clock = ManualClock()
        let fakes = KioskFakeServices(clock: clock)
        let terminal = HeadlessTerminal(width: size.width, height: size.height, script: script, clock: clock)
        var loop = EventLoop(program: KioskProgram(station: station, services: fakes.services, size: terminal.size, clock: clock.monotonic),
                             terminal: terminal, clock: clock.monotonic)
        _ = loop.run()
        return (terminal, fakes, loop.program)
    }

    /// `text` typed by a person: 200 ms between keys, far slower than any scanner.
    func slowly(_ text: String) -> [HeadlessTerminal.Input] {
        text.flatMap { [HeadlessTerminal.Input.key(.character($0)), .wait(.milliseconds(200))] }
    }

    func texts(_ terminal: HeadlessTerminal) -> [String] { terminal.frames.map { $0.canvas.plainText() } }

    @Test func aWrongCheckCharacterIsRefusedPlainlyAndClearedThenTheRightOneBegins() {
        let script = [.key(.enter)] + slowly("5725") + [.key(.enter)] + slowly("5724")
            + [.key(.enter)]
        let (terminal, fakes, program) = run(script, station: station(.typed(check: .damm)))
        let all = texts(terminal)
        let refused = all.firstIndex { $0.contains("check character is wrong") }
        #expect(refused != nil)
        if let refused { #expect(!all[refused].contains("5725"), "the refused entry is cleared") }
        #expect(!all.contains { $0.contains("5724") && $0.contains("check character is wrong") }, "the right id is never suggested")
        #expect(fakes.begun.map(\.participantID) == ["5724"])
        #expect(program.screen.name == "task")
    }

    @Test func theWholeRefusalAndPromptShowInALargeFontAt64x18() {
        let script = [.key(.enter)] + slowly("5725") + [.key(.enter)]
        let (terminal, _, _) = run(script, station: station(.barcode(maxGapMilliseconds: 50, check: .damm)),
                                   size: Size(width: 64, height: 18))
        let screen = terminal.lastFrame?.canvas.plainText() ?? ""
        let words = screen.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(words.contains("That ID's check character is wrong. Please check the ID and type it again."))
        #expect(words.contains("Scan the card's barcode, or type the code and press Enter"))
        #expect(screen.contains("Please scan your participant card"))
    }

    @Test func aRosterMissSaysAskStaffAndAHitBeginsUnderTheNormalizedID() {
        let script = [.key(.enter)] + slowly("zz99") + [.key(.enter)] + slowly("ab12") + [.key(.enter)]
        let (terminal, fakes, _) = run(script, station: station(.roster(file: "/r.txt"), roster: "AB-12\n"))
        #expect(texts(terminal).contains { $0.contains("That ID is not on this study's list. Please ask staff.") })
        #expect(fakes.begun.map(\.participantID) == ["AB12"])
    }

    @Test func aScannerBurstIsOneEntryEvenAfterKeysTypedByHand() {
        let script = [.key(.enter)] + slowly("44") + HeadlessTerminal.Input.typing("900172") + [.key(.enter)]
        let (_, fakes, _) = run(script, station: station(.barcode(maxGapMilliseconds: 50, check: .damm)))
        #expect(fakes.begun.map(\.participantID) == ["900172"])
    }

    @Test func aCodeTypedSlowlyWorksInBarcodeMode() {
        let script = [.key(.enter)] + slowly("319") + [.key(.enter)]
        let (terminal, fakes, _) = run(script, station: station(.barcode(maxGapMilliseconds: 50, check: .damm)))
        #expect(texts(terminal).contains { $0.contains("Please scan your participant card") })
        #expect(fakes.begun.map(\.participantID) == ["319"])
    }

    @Test func staffEntryTellsTheParticipantAndShowsTheEntryAsTyped() {
        let script = [.key(.enter)] + slowly("qz7") + [.key(.backspace)] + slowly("8") + [.key(.enter)]
        let (terminal, fakes, _) = run(script, station: station(.staff(check: nil)))
        #expect(texts(terminal).contains { $0.contains("A staff member will enter your ID") && $0.contains("QZ8") })
        #expect(fakes.begun.map(\.participantID) == ["QZ8"])
    }

    @Test func anIdentifiedSessionsThankYouShowsNoWithdrawalCode() {
        let script = [.key(.enter)] + slowly("A1") + [.key(.enter), .key(.enter),
                                                     .realTimeUntil(.shows("Almost done"), bound: .seconds(10)), .key(.enter),
                                                     .realTimeUntil(.shows("Thank you!"), bound: .seconds(10))]
        let (terminal, fakes, _) = run(script, station: station(.staff(check: nil)))
        #expect(fakes.ended.map(\.reason) == [.completed])
        #expect(!texts(terminal).contains { $0.contains("withdrawal code") })
    }

    @Test func escOnTheIDScreenWipesAndReturnsToWelcomeStoringNothing() {
        let script = [.key(.enter)] + slowly("QZ77") + [.key(.escape)]
        let (terminal, fakes, program) = run(script, station: station(.staff(check: nil)))
        #expect(program.screen.name == "welcome" && program.session == nil)
        #expect(fakes.begun.isEmpty && fakes.ended.isEmpty && program.endings.isEmpty)
        let all = texts(terminal)
        #expect(all.contains { $0.contains("QZ77") })
        guard let wipe = terminal.wipes.first else { Issue.record("no wipe"); return }
        for text in all.dropFirst(wipe) { #expect(!text.contains("QZ77")) }
    }

    @Test func anIdleIDScreenWarnsThenTimesOutToWelcomeWithoutStoring() {
        let script = [.key(.enter)] + slowly("QZ77") + [.wait(.seconds(45)), .wait(.seconds(16))]
        let (terminal, fakes, program) = run(script, station: station(.typed(check: .damm)))
        #expect(texts(terminal).contains { $0.contains("This session ends in") && $0.contains("Please type your participant ID") })
        #expect(program.endings == [.timedOut])
        #expect(fakes.begun.isEmpty)
        #expect(program.screen.name == "welcome")
        guard let wipe = terminal.wipes.first else { Issue.record("no wipe"); return }
        for text in texts(terminal).dropFirst(wipe) { #expect(!text.contains("QZ77")) }
    }

    @Test func anEntryIsBoundedAndTakesOnlyLettersAndDigits() {
        let script = [.key(.enter)] + HeadlessTerminal.Input.typing(String(repeating: "7", count: 40) + "é_/ -")
        let (_, _, program) = run(script, station: station(.staff(check: nil)))
        guard case .identify(let prompt) = program.screen else { Issue.record("not on the id screen"); return }
        #expect(prompt.entry == String(repeating: "7", count: ParticipantIDCheck.maximumLength))
    }

    @Test func anAnonymousStationSkipsTheIDScreen() {
        let (_, fakes, program) = run([.key(.enter)], station: station(.anonymous))
        #expect(fakes.begun.map(\.participantID) == [nil])
        #expect(program.screen.name == "task")
    }
}
