/// The largest answer the client reads from each call (README: "Sending results to the study
/// server"); a bigger answer is refused with its cap named, and never buffered past it.
public enum AnswerLimits {
    /// `GET /registration` (the study summary and consent): 1 MiB.
    public static let registration = 1 << 20
    /// `GET /study`, the study document with all its task files: 16 MiB.
    public static let study = 16 << 20
    /// One task file inside the study document: 4 MiB.
    public static let taskFile = 4 << 20
    /// `GET /messages`: 4 MiB (each message at most ``CheckedMessage/maximumTextBytes``).
    public static let messages = 4 << 20
    /// Any other answer (credentials, receipts, errors): 256 KiB.
    public static let other = 256 << 10
}
