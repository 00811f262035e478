/// A count with its noun in the right number, for what participants read: "1 decimal place",
/// "2 decimal places".
public enum CountText {
    /// `n` and `singular`, or `plural` (default: `singular` + "s") when `n` is not 1.
    public static func of(_ n: Int, _ singular: String, _ plural: String? = nil) -> String {
        "\(n) " + (n == 1 ? singular : plural ?? singular + "s")
    }
}
