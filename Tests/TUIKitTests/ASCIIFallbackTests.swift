import Foundation
import Testing
@testable import TUIKit

/// What a terminal outside a UTF-8 locale gets instead of the characters it may not show.
@Suite struct ASCIIFallbackTests {
    @Test func theLocaleIsTheFirstOfLCAllLCCtypeAndLangThatIsSet() {
        func utf8(_ env: [String: String]) -> Bool { ASCIIFallback.localeIsUTF8 { env[$0] } }
        #expect(utf8(["LANG": "en_US.UTF-8"]))
        #expect(utf8(["LANG": "de_DE.utf8@euro"]))
        #expect(utf8(["LC_ALL": "C.UTF-8", "LANG": "C"]))
        #expect(!utf8(["LC_ALL": "C", "LANG": "en_US.UTF-8"]))
        #expect(!utf8(["LC_CTYPE": "en_US.ISO-8859-1", "LANG": "en_US.UTF-8"]))
        #expect(utf8(["LC_ALL": "", "LANG": "C.UTF-8"]), "an empty variable is not set")
        #expect(!utf8([:]), "nothing set is the C locale")
        #expect(!utf8(["LANG": "POSIX"]))
    }

    @Test func everyCellIsOnePrintableASCIIByte() {
        for scalar in "─│┌┐└┘├┤┬┴┼═║█▓▒░›‹»«→←↑↓•●○·–—…×✓é日？\u{A0}".unicodeScalars {
            let byte = ASCIIFallback.byte(for: scalar.value)
            #expect(byte >= 0x20 && byte < 0x7F, "\(scalar)")
        }
        #expect(String(decoding: "─│┌├┼".unicodeScalars.map { ASCIIFallback.byte(for: $0.value) }, as: UTF8.self) == "-|+++")
        #expect(String(decoding: "█▒░›‹↑↓•●○·–—×✓éÅ日".unicodeScalars.map { ASCIIFallback.byte(for: $0.value) }, as: UTF8.self)
            == "#:.><^v**o---xveA?")
    }

    @Test func lineTextKeepsASCIIAndLineBreaksAndSpellsOutTheEllipsis() {
        #expect(ASCIIFallback.text("plain\ttext\n") == "plain\ttext\n")
        #expect(ASCIIFallback.text("Step 1 – café › next…") == "Step 1 - cafe > next...")
        #expect(ASCIIFallback.text("日本") == "????", "a wide character keeps its two columns")
        #expect(ASCIIFallback.text("e\u{301}") == "e", "combining marks go")
    }
}
