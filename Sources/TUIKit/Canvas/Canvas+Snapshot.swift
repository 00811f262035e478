import Foundation

extension Canvas {
    /// The screen as text, one line per row with trailing spaces trimmed; for snapshot tests.
    ///
    /// A wide character appears once (its continuation cell adds nothing), so each line has
    /// the same display width as the row it came from.
    public func plainText() -> String {
        (0..<size.height).map { y in
            trimmingTrailingSpaces(row(y).filter { !$0.isContinuation }.map { String($0.character) }.joined())
        }.joined(separator: "\n")
    }

    /// The roles as a same-shaped text layer: one ``StyleRole/code`` letter per cell.
    ///
    /// Both cells of a wide character carry its role letter, so columns line up with the screen
    /// as a terminal shows it; trailing normal cells are trimmed.
    public func styleLayer() -> String {
        (0..<size.height).map { y in
            trimmingTrailingSpaces(String(row(y).map(\.role.code)))
        }.joined(separator: "\n")
    }

    /// `text` without spaces at its end.
    private func trimmingTrailingSpaces(_ text: String) -> String {
        var result = text
        while result.last == " " { result.removeLast() }
        return result
    }
}
