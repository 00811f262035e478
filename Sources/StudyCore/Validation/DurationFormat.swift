/// Human text for durations and examples of date formats.
public enum DurationFormat {
    /// "1 h 5 min", "45 s".
    public static func text(_ seconds: Double) -> String {
        let s = Int(seconds.rounded())
        let h = s / 3600, m = (s % 3600) / 60, sec = s % 60
        var parts: [String] = []
        if h > 0 { parts.append("\(h) h") }
        if m > 0 { parts.append("\(m) min") }
        if sec > 0 || parts.isEmpty { parts.append("\(sec) s") }
        return parts.joined(separator: " ")
    }
}

/// Examples of date formats for messages and placeholders.
public enum DateFormatHint {
    /// An example value in `format` ("2024-05-01" for yyyy-MM-dd).
    public static func example(_ format: String) -> String {
        var out = format
        for (token, sample) in [("yyyy", "2024"), ("MM", "05"), ("dd", "01"), ("HH", "14"), ("mm", "30"), ("ss", "00"), ("'T'", "T"),
                                ("XXX", ""), ("ZZZZZ", ""), (".SSS", ""), ("Z", "")] {
            out = out.replacingOccurrences(of: token, with: sample)
        }
        return out
    }
}
