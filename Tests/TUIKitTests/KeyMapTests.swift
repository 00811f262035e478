import Testing
import TUIKit

@Suite struct KeyMapTests {
    enum FormAction: Hashable, Sendable { case next, back, nextField, previousField, cancel, help }

    func makeFormKeys() -> KeyMap<FormAction> {
        KeyMap([
            KeyBinding(.enter, .next, help: "next"),
            KeyBinding(.tab, .nextField, help: "field"),
            KeyBinding(.backTab, .previousField, help: "back field"),
            KeyBinding([.escape, .ctrl("b")], .back, help: "back", helpKey: "Esc"),
            KeyBinding(.function(1), .help, help: ""),
            KeyBinding(.ctrl("c"), .cancel, help: "quit"),
        ])
    }

    @Test func looksUpTheActionForEveryBoundKey() {
        let keys = makeFormKeys()
        #expect(keys.action(for: .enter) == .next)
        #expect(keys.action(for: .ctrl("b")) == .back)
        #expect(keys.action(for: .escape) == .back)
        #expect(keys.action(for: .character("x")) == nil)
        #expect(keys.action(for: TerminalEvent.key(.tab)) == .nextField)
        #expect(keys.action(for: TerminalEvent.tick) == nil)
    }

    @Test func disabledBindingsNeitherMatchNorShowInHelp() {
        let keys = makeFormKeys().enabling(.back, false)
        #expect(keys.action(for: .escape) == nil)
        #expect(!keys.helpLine(width: 200).contains("Esc back"))
        #expect(keys.enabling(.back, true).action(for: .escape) == .back)
    }

    @Test func rendersHelpFromTheSameBindingsInOrder() {
        #expect(makeFormKeys().helpLine(width: 80)
            == "Enter next  Tab field  Shift-Tab back field  Esc back  Ctrl-C quit")
    }

    @Test func hidesBindingsWithoutHelpText() {
        #expect(!makeFormKeys().helpItems.contains { $0.hasPrefix("F1") })
        #expect(makeFormKeys().action(for: .function(1)) == .help)
    }

    @Test func dropsWholeEntriesAndMarksTheCutAtNarrowWidths() {
        let keys = makeFormKeys()
        #expect(keys.helpLine(width: 30) == "Enter next  Tab field  …")
        #expect(keys.helpLine(width: 13) == "Enter next  …")
        #expect(TextWidth.width(of: keys.helpLine(width: 30)) <= 30)
    }

    @Test func truncatesTheFirstEntryWhenNothingElseFits() {
        #expect(makeFormKeys().helpLine(width: 6) == "Enter…")
        #expect(makeFormKeys().helpLine(width: 0) == "")
    }

    @Test func labelsKeysForPeople() {
        #expect(Key.character(" ").label == "Space")
        #expect(Key.ctrl("c").label == "Ctrl-C")
        #expect(KeyBinding([.up, .down], FormAction.next, help: "move").helpLabel == "↑/↓ move")
    }
}
