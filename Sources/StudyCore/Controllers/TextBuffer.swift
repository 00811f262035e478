/// Editable text with a cursor: single or multi-line, with an optional maximum length.
public struct TextBuffer: Sendable, Equatable {
    /// The characters.
    public private(set) var characters: [Character]
    /// The text: the characters' UTF-8 bytes in order, kept up to date with every edit so that
    /// reading it (validation and drawing do, at every key) copies nothing.
    public private(set) var text: String
    /// The cursor position, 0...characters.count.
    public private(set) var cursor: Int
    /// At most this many characters (nil: no limit).
    public var maximumLength: Int?
    /// Enter inserts a line break.
    public var isMultiline: Bool

    public init(_ text: String = "", maximumLength: Int? = nil, isMultiline: Bool = false) {
        characters = Array(text)
        self.text = text
        cursor = characters.count
        // Room for a short answer, so typing one does not allocate at every few keys.
        characters.reserveCapacity(Self.typingRoom)
        self.text.reserveCapacity(Self.typingRoom)
        self.maximumLength = maximumLength
        self.isMultiline = isMultiline
    }

    /// The characters a new buffer has room for before it grows.
    static let typingRoom = 32

    /// The characters as one string, built from their UTF-8 bytes (appending characters one by
    /// one re-checks grapheme boundaries at every step).
    public static func joined<C: Collection<Character>>(_ characters: C) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(characters.count)
        for character in characters { bytes.append(contentsOf: character.utf8) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// True when every character is one printable ASCII byte (each is one column wide and needs
    /// no sanitizing).
    public var isPrintableASCII: Bool {
        guard text.utf8.count == characters.count else { return false }
        return text.utf8.withContiguousStorageIfAvailable { bytes in bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F } } ?? false
    }

    /// True when there is no text.
    public var isEmpty: Bool { characters.isEmpty }

    /// Inserts a character at the cursor; false when the buffer is full (or a line break is not allowed).
    @discardableResult
    public mutating func insert(_ c: Character) -> Bool {
        if c == "\n", !isMultiline { return false }
        if let max = maximumLength, characters.count >= max { return false }
        characters.insert(c, at: cursor)
        cursor += 1
        if cursor == characters.count { text.append(c) } else { text = Self.joined(characters) }
        return true
    }

    /// Deletes before the cursor; false when there is nothing to delete.
    @discardableResult
    public mutating func backspace() -> Bool {
        guard cursor > 0 else { return false }
        let removed = characters.remove(at: cursor - 1)
        cursor -= 1
        // At the end, a one-scalar character is the text's last scalar (not always its last
        // grapheme: a line feed joins a carriage return, a letter joins a prepended mark).
        if cursor == characters.count, removed.unicodeScalars.count == 1 {
            text.unicodeScalars.removeLast()
        } else {
            text = Self.joined(characters)
        }
        return true
    }

    /// Deletes at the cursor; false when at the end.
    @discardableResult
    public mutating func deleteForward() -> Bool {
        guard cursor < characters.count else { return false }
        characters.remove(at: cursor)
        text = Self.joined(characters)
        return true
    }

    /// Moves the cursor by `offset` characters; false when it could not move.
    @discardableResult
    public mutating func move(by offset: Int) -> Bool {
        let target = min(max(0, cursor + offset), characters.count)
        defer { cursor = target }
        return target != cursor
    }

    /// Moves to the start (of the line, in multi-line text).
    public mutating func moveHome() {
        cursor = isMultiline ? lineStart(cursor) : 0
    }

    /// Moves to the end (of the line, in multi-line text).
    public mutating func moveEnd() {
        guard isMultiline else { cursor = characters.count; return }
        var i = cursor
        while i < characters.count, characters[i] != "\n" { i += 1 }
        cursor = i
    }

    /// Moves a line up (-1) or down (+1) in multi-line text, keeping the column; false at the edge.
    @discardableResult
    public mutating func moveLine(_ delta: Int) -> Bool {
        let (line, column) = cursorLineColumn
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let target = line + delta
        guard isMultiline, target >= 0, target < lines.count else { return false }
        var offset = 0
        for l in lines.prefix(target) { offset += l.count + 1 }
        cursor = offset + min(column, lines[target].count)
        return true
    }

    /// Replaces all the text (cut to the maximum length); the cursor goes to the end.
    public mutating func setText(_ text: String) {
        characters = Array(maximumLength.map { String(text.prefix($0)) } ?? text)
        self.text = Self.joined(characters)
        cursor = characters.count
    }

    /// The cursor's line and column (in characters) counting from 0.
    public var cursorLineColumn: (line: Int, column: Int) {
        var line = 0, start = 0
        for (i, c) in characters.prefix(cursor).enumerated() where c == "\n" {
            line += 1
            start = i + 1
        }
        return (line, cursor - start)
    }

    private func lineStart(_ index: Int) -> Int {
        var i = index
        while i > 0, characters[i - 1] != "\n" { i -= 1 }
        return i
    }
}
