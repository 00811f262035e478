import StudyCore
import Testing
import TUIKit
@testable import StudyTUI

/// The welcome screen's update function: menu shortcuts, fields, and failed sign-ups.
@Suite struct WelcomeScreenTests {
    @Test func dInTheMenuJoinsTheDemoButInAFieldItIsTyped() {
        var screen = WelcomeScreen()
        #expect(screen.handle(.character("D")) == .joinDemo)
        _ = screen.handle(.enter)
        #expect(screen.focus == .address)
        #expect(screen.handle(.character("d")) == nil)
        #expect(screen.address.text == "d")
        #expect(screen.handle(.ctrl("d")) == .joinDemo)
    }

    @Test func enterMovesToTheTokenThenSignsUp() {
        var screen = WelcomeScreen()
        _ = screen.handle(.enter)
        "~/study".forEach { _ = screen.handle(.character($0)) }
        _ = screen.handle(.enter)
        #expect(screen.focus == .token)
        "abcd".forEach { _ = screen.handle(.character($0)) }
        #expect(screen.handle(.enter) == .signUp(SignUpRequest(address: "~/study", token: "abcd")))
    }

    @Test func fieldsEditAtTheCursor() {
        var field = TextFieldState("acd")
        _ = field.apply(.left); _ = field.apply(.left)
        _ = field.apply(.character("b"))
        #expect(field.text == "abcd")
        _ = field.apply(.backspace)
        _ = field.apply(.end)
        _ = field.apply(.character("\u{1B}"))
        #expect(field.text == "acd")
        _ = field.apply(.ctrl("u"))
        #expect(field.text.isEmpty)
    }

    @Test func aFailedSignUpKeepsTheTextAndFocusesTheFieldToFix() {
        var screen = WelcomeScreen()
        screen.address = TextFieldState("/studies/x")
        screen.token = TextFieldState("abcO")
        screen.busy = "Looking up the study…"
        screen.failed(.tokenCharacter("O"))
        #expect(screen.focus == .token)
        #expect(screen.token.text == "abcO")
        #expect(screen.address.text == "/studies/x")
        #expect(screen.busy == nil)
        #expect(screen.error?.hasPrefix("Tokens never contain \"O\"") == true)
    }

    @Test func helpFollowsTheKeyMapInForce() {
        var screen = WelcomeScreen()
        #expect(screen.keyMap.helpLine(width: 80) == "Enter sign up  D demo study  Q quit")
        _ = screen.handle(.enter)
        #expect(screen.keyMap.helpLine(width: 80) == "Enter next / sign up  Tab next field  Ctrl-D demo study  Esc back  Ctrl-C quit")
    }
}
