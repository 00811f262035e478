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
