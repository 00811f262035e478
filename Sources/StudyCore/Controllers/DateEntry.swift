import Foundation

/// A date, time or date-time typed in the task's coding format, or stepped with Left/Right by a
/// day (dates) or by the minute interval (times).
public struct DateEntry: Sendable, Equatable {
    /// The field's options.
    public let options: DateOptions
    /// What has been typed (the cursor stays at the end).
    public private(set) var text: TextBuffer

    public init(options: DateOptions, text: String = "") {
        self.options = options
        self.text = TextBuffer(text, maximumLength: max(options.codingFormat.count + 4, 10))
    }

    /// An example of the format ("2024-05-01").
    public var example: String { DateFormatHint.example(options.codingFormat) }

    /// Types a character that can appear in a date; false otherwise.
    public mutating func insert(_ c: Character) -> Bool {
        guard c.isNumber || "-:/.T ".contains(c) else { return false }
        return text.insert(c)
    }

    /// Deletes the last character.
    public mutating func backspace() -> Bool { text.backspace() }

    /// Replaces the text.
    public mutating func setText(_ s: String) { text.setText(s) }

    /// Steps forward (+1) or back (-1) from the typed value, the default, or now.
    public mutating func step(_ direction: Int, now: Date, timeZone: TimeZone) {
        let coding = DateCoding(format: options.codingFormat, timeZone: timeZone)
        let base = coding.date(from: text.text) ?? options.defaultValue.flatMap(coding.date(from:))
        guard let base else {
            text.setText(coding.string(from: rounded(now, timeZone: timeZone)))
            return
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let next: Date?
        if options.component == .time {
            next = calendar.date(byAdding: .minute, value: direction * max(1, options.minuteInterval ?? 1), to: base)
        } else {
            next = calendar.date(byAdding: .day, value: direction, to: base)
        }
        if let next { text.setText(coding.string(from: next)) }
    }

    /// Now, rounded down to the minute interval.
    private func rounded(_ now: Date, timeZone: TimeZone) -> Date {
        guard let interval = options.minuteInterval, interval > 1 else { return now }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let minute = calendar.component(.minute, from: now)
        return calendar.date(byAdding: .minute, value: -(minute % interval), to: now) ?? now
    }

    /// The answer: the text, or nil when empty.
    public var json: JSONValue { text.isEmpty ? .null : .string(text.text) }
}
