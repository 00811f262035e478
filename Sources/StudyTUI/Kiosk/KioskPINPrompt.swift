import Foundation

/// The admin PIN prompt as it draws: how many digits were typed (shown as bullets, never the
/// digits, which only the program holds), the last check's message, and whether a check runs.
public struct KioskPINPrompt: Sendable, Equatable {
    /// Digits typed so far.
    public var length = 0
    /// The last check's message ("Wrong PIN."), if any.
    public var message: String?
    /// True while the PIN is being checked (keys are ignored meanwhile).
    public var checking = false

    /// An empty prompt, with `message` under it.
    public init(message: String? = nil) { self.message = message }

    /// The bullets that stand for the digits typed.
    public var bullets: String { String(repeating: "•", count: length) }
}
