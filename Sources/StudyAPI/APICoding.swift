import Foundation
import StudyCore

/// The JSON coders both ends use: dates as ISO 8601 with milliseconds and offset (as results
/// write them), keys sorted.
public enum APICoding {
    /// An encoder for API bodies.
    public static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var c = encoder.singleValueContainer()
            try c.encode(ResultDate.string(from: date, timeZone: TimeZone(identifier: "UTC")!))
        }
        return encoder
    }

    /// A decoder for API bodies; dates are ISO 8601 with or without fractional seconds.
    public static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let c = try decoder.singleValueContainer()
            let text = try c.decode(String.self)
            guard let date = ResultDate.date(from: text) else {
                throw DecodingError.dataCorruptedError(in: c, debugDescription: "expected an ISO 8601 date-time, got \"\(text.prefix(40))\"")
            }
            return date
        }
        return decoder
    }
}
