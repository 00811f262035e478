// The terminal's key decoder: bytes as what follows ESCs (0xFF stands for a key the terminal
// library decoded itself), decoded again and again until nothing is left.
import Foundation
import TUIKit

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzKeys(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: start, count: count)
    var index = 0
    var rounds = 0
    while index < bytes.count {
        let before = index
        let outcome = EscapeSequenceDecoder.decode { () -> EscapeSequenceDecoder.Follower? in
            guard index < bytes.count else { return nil }
            defer { index += 1 }
            let b = bytes[index]
            if b == 0xFF { return .decodedKey }
            if b >= 0xF0, index + 1 < bytes.count {   // a wide scalar from the next byte
                index += 1
                return .character(UInt32(b & 0x0F) << 16 | UInt32(bytes[index]) << 8 | 0xA0)
            }
            return .character(UInt32(b))
        }
        if case .key(let key) = outcome { _ = key.label }
        if index == before { index += 1 }   // a lone ESC consumed nothing: go on
        rounds += 1
        precondition(rounds <= bytes.count + 1, "the decoder must consume its input")
    }
    return 0
}
