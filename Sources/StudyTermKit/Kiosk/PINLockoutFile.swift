import Foundation

/// Where the lockout lives between runs: a 0600 JSON file beside the station's data, written
/// after every checked PIN, so stopping the station does not forgive wrong PINs.
package struct PINLockoutFile: Sendable {
    /// The file.
    package var path: String

    /// The lockout file at `path`.
    package init(path: String) { self.path = path }

    /// The stored lockout; a missing file is no failures. A damaged one locks for the longest time
    /// from `now` (deleting or corrupting it must not open the prompt).
    package func load(now: Date) -> PINLockout {
        guard let data = FileManager.default.contents(atPath: path) else { return PINLockout() }
        if let lockout = try? JSONDecoder.withDates.decode(PINLockout.self, from: data) { return lockout }
        return PINLockout(failures: 99, lockedUntil: now.addingTimeInterval(PINLockout.maximumLock))
    }

    /// Stores the lockout, mode 0600.
    package func save(_ lockout: PINLockout) throws(PrivateFile.Failure) {
        try PrivateFile.write((try? JSONEncoder.withDates.encode(lockout)) ?? Data(), to: path)
    }
}

extension JSONEncoder {
    /// Sorted keys and ISO 8601 dates with fractional seconds: how the station's files are written.
    package static var withDates: JSONEncoder {
        let e = JSONEncoder()
        e.outputFormatting = [.sortedKeys]
        e.dateEncodingStrategy = .custom { date, encoder in
            var c = encoder.singleValueContainer()
            try c.encode(date.formatted(.iso8601.year().month().day().time(includingFractionalSeconds: true).timeZone(separator: .omitted)))
        }
        return e
    }
}

extension JSONDecoder {
    /// Reads what `JSONEncoder/withDates` writes.
    package static var withDates: JSONDecoder {
        let d = JSONDecoder()
        d.dateDecodingStrategy = .custom { decoder in
            let text = try decoder.singleValueContainer().decode(String.self)
            guard let date = try? Date(text, strategy: .iso8601.year().month().day().time(includingFractionalSeconds: true).timeZone(separator: .omitted)) else {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a date: \(text)"))
            }
            return date
        }
        return d
    }
}
