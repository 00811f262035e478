import Testing
import TUIKit

/// Every bidirectional control is dropped, the marks included (U+200E, U+200F, U+061C).
@Suite struct BidiControlTests {
    @Test(arguments: [0x200E, 0x200F, 0x061C, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069])
    func aBidiControlNeverReachesTheTerminal(scalar: Int) {
        let control = String(Character(Unicode.Scalar(UInt32(scalar))!))
        #expect(Sanitizer.sanitizeLine("a\(control)b") == "ab")
        #expect(Sanitizer.sanitizeParagraphs("a\(control)b\nc") == "ab\nc")
        #expect(!Sanitizer.escapeControls("a\(control)b").unicodeScalars.contains { $0.value == UInt32(scalar) })
    }
}
