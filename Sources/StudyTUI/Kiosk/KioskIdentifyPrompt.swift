import Foundation
import StudyCore
import TUIKit

/// The identification screen's entry: the identifier typed so far (letters and digits, upper
/// case, at most `ParticipantIDCheck.maximumLength`), what the last Enter found wrong, and the keys
/// since that Enter with the time each was read, so a scanner's burst counts as one entry
/// (`BarcodeBurst`) even after keys someone typed by hand.
public struct KioskIdentifyPrompt: Sendable, Equatable {
    /// What the screen says after an entry was refused.
    public enum Problem: Sendable, Equatable {
        /// The check character does not match.
        case wrongCheckCharacter
        /// Not on the study's roster.
        case notOnRoster
    }

    /// The identifier typed so far.
    public private(set) var entry = ""
    /// Why the last entry was refused, until the next key.
    public private(set) var problem: Problem?
    /// The keys since the last Enter, with their times (bounded like the entry).
    private(set) var keys: [BarcodeBurst.Key] = []

    /// An empty prompt.
    public init() {}

    /// A character, Backspace or another key read at `time`; returns the entry to check when the
    /// key is Enter: the scanner's burst that Enter ends, if it ends one, else what was typed.
    mutating func read(_ key: Key, at time: Duration, maxGapMilliseconds: Int) -> String? {
        let ms = Int(time.components.seconds * 1000 + time.components.attoseconds / 1_000_000_000_000_000)
        switch key {
        case .character(let c) where ParticipantIDCheck.admits(c):
            problem = nil
            if entry.count < ParticipantIDCheck.maximumLength { entry.append(Character(c.uppercased())) }
            remember(BarcodeBurst.Key(.character(Character(c.uppercased())), at: ms))
        case .character(" "), .character("-"):
            remember(BarcodeBurst.Key(.other, at: ms))
        case .backspace:
            problem = nil
            if !entry.isEmpty { entry.removeLast() }
            remember(BarcodeBurst.Key(.other, at: ms))
        case .enter:
            let scanned = BarcodeBurst.entries(in: keys + [BarcodeBurst.Key(.enter, at: ms)],
                                               maxGapMilliseconds: maxGapMilliseconds).last
            keys = []
            return scanned ?? entry
        default:
            remember(BarcodeBurst.Key(.other, at: ms))
        }
        return nil
    }

    /// The entry was refused: it is cleared (nothing of it stays on screen) and `problem` is said.
    mutating func refuse(_ problem: Problem) {
        entry = ""
        keys = []
        self.problem = problem
    }

    /// Keeps `key`, dropping the oldest beyond the bound.
    private mutating func remember(_ key: BarcodeBurst.Key) {
        keys.append(key)
        if keys.count > ParticipantIDCheck.maximumLength * 2 { keys.removeFirst(keys.count - ParticipantIDCheck.maximumLength * 2) }
    }
}
