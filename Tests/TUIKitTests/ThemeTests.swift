import Testing
import TUIKit

@Suite struct ThemeTests {
    @Test func choosesMonochromeWhenNoColorIsSetOrColoursAreMissing() {
        #expect(Theme.automatic(environment: ["NO_COLOR": "1"], colorsAvailable: true) == .monochrome)
        #expect(Theme.automatic(environment: [:], colorsAvailable: false) == .monochrome)
        #expect(Theme.automatic(environment: ["NO_COLOR": ""], colorsAvailable: true) == .color)
    }

    @Test func monochromeUsesNoColour() {
        #expect(!Theme.monochrome.usesColor)
        #expect(Theme.color.usesColor)
        #expect(!Theme.color.withoutColor.usesColor)
    }

    @Test func stateRolesCarryMeaningWithoutColourInEveryTheme() {
        for theme in [Theme.color, Theme.monochrome] {
            #expect(theme[.focused].attributes.contains(.reverse))
            #expect(theme[.buttonFocused].attributes.contains(.reverse))
            #expect(theme[.error].attributes.contains(.bold))
            #expect(theme[.selected].attributes.contains(.bold))
            #expect(theme[.focused].attributes != theme[.selected].attributes)
        }
    }

    @Test func everyRoleHasADistinctStyleLayerCode() {
        let codes = StyleRole.allCases.map(\.code)
        #expect(Set(codes).count == codes.count)
        #expect(StyleRole.allCases.allSatisfy { StyleRole(code: $0.code) == $0 })
    }

    @Test func inkRolesAreTheirColoursInColourAndBoldWithout() {
        let inks: [(StyleRole, TerminalColor)] = [(.inkRed, .red), (.inkGreen, .green), (.inkBlue, .blue), (.inkYellow, .yellow)]
        for (role, colour) in inks {
            #expect(Theme.color[role].foreground == colour)
            #expect(Theme.monochrome[role].foreground == .default && Theme.monochrome[role].attributes.contains(.bold))
        }
    }

    @Test func ordinalsAreThePositionsInAllCases() {
        #expect(StyleRole.allCases.map(\.ordinal) == Array(StyleRole.allCases.indices))
    }
}
