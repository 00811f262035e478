extension Array where Element == String {
    /// The strings joined with `separator`, like `joined(separator:)`.
    ///
    /// Written out because the standard library's generic `joined(separator:)` resolves its
    /// collection witnesses at run time on first use, a fraction of a millisecond that key maps
    /// and help lines would otherwise pay before the first screen.
    func joinedBySeparator(_ separator: String) -> String {
        var result = ""
        for (index, part) in enumerated() {
            if index > 0 { result += separator }
            result += part
        }
        return result
    }
}
