import Testing
@testable import StudyStore

@Suite struct TextDigestTests {
    @Test func matchesTheFIPSTestVectors() {
        #expect(TextDigest.sha256Hex(of: []) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(TextDigest.sha256Hex(of: Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(TextDigest.sha256Hex(of: [UInt8](repeating: 0x61, count: 1_000_000))
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func hashesUnicodeTextAsUTF8() {
        #expect(TextDigest.sha256Hex(of: Array("é".utf8)) == TextDigest.sha256Hex(of: [0xC3, 0xA9]))
    }
}
