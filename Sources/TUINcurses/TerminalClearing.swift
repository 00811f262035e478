import CNcursesw

#if canImport(Glibc)
    import Glibc
#endif

/// The bytes that clear a terminal and its scrollback outside curses, for line mode's privacy
/// reset (a study station's line face): terminfo's `clear` for `TERM`, then its `E3` (the
/// scrollback, which `clear` never erases), delays (`$<…>`) removed.
public enum TerminalClearing {
    /// The sequence for the terminal on standard output; nil when `TERM` has no terminfo entry
    /// or no `clear` (a dumb terminal: there is nothing to clear).
    public static func sequence() -> [UInt8]? {
        var status: Int32 = 0
        guard setupterm(nil, STDOUT_FILENO, &status) == OK else { return nil }
        guard let clear = capability("clear") else { return nil }
        return clear + (capability("E3") ?? [])
    }

    /// A string capability of the current terminal without its delays; nil when it has none.
    static func capability(_ name: String) -> [UInt8]? {
        let value = name.withCString { tigetstr(UnsafeMutablePointer(mutating: $0)) }
        guard let value, Int(bitPattern: value) != -1 else { return nil }
        var bytes: [UInt8] = []
        var p = value
        while p.pointee != 0 {
            if p.pointee == CChar(UInt8(ascii: "$")), p.successor().pointee == CChar(UInt8(ascii: "<")) {
                while p.pointee != 0, p.pointee != CChar(UInt8(ascii: ">")) { p = p.successor() }
                if p.pointee == 0 { break }
                p = p.successor()
                continue
            }
            bytes.append(UInt8(bitPattern: p.pointee))
            p = p.successor()
        }
        return bytes.isEmpty ? nil : bytes
    }
}
