/// The field path of a server's refusal (`items[3].payload`), read without trusting it.
enum FieldPath {
    /// The item index of `field` when it names one of `count` items: `items[` then 1 to 9 ASCII
    /// digits then `]`; nil for a negative, a huge or an out-of-range index and anything else.
    static func itemIndex(_ field: String?, count: Int) -> Int? {
        guard let field, field.utf8.count <= 200 else { return nil }
        let bytes = Array(field.utf8)
        let prefix = Array("items[".utf8)
        guard bytes.starts(with: prefix), let close = bytes[prefix.count...].firstIndex(of: UInt8(ascii: "]")) else { return nil }
        let digits = bytes[prefix.count..<close]
        guard (1...9).contains(digits.count), digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else { return nil }
        let index = digits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
        return index < count ? index : nil
    }
}
