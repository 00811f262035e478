/// Human text for durations.
public enum DurationFormat {
    /// "1 h 5 min", "45 s".
    public static func text(_ seconds: Double) -> String {
        let s = seconds.saturatingInt
        let h = s / 3600, m = (s % 3600) / 60, sec = s % 60
        var parts: [String] = []
        if h > 0 { parts.append("\(h) h") }
        if m > 0 { parts.append("\(m) min") }
        if sec > 0 || parts.isEmpty { parts.append("\(sec) s") }
        return parts.joined(separator: " ")
    }
}
