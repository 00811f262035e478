import Foundation

/// Reads one setting from systemd configuration files as systemd does: the main file, then its
/// `.d/*.conf` drop-ins in name order, the last assignment winning; `#` and `;` lines are comments.
enum SystemdSetting {
    /// `main` and the drop-ins of `main.d`, in the order systemd reads them.
    static func files(_ main: String) -> [String] {
        let dir = main + ".d"
        let dropIns = ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).filter { $0.hasSuffix(".conf") }.sorted()
        return [main] + dropIns.map { dir + "/" + $0 }
    }

    /// The last value assigned to `key` in `files`.
    static func value(of key: String, in files: [String]) -> String? {
        var found: String?
        for file in files {
            guard let text = try? String(contentsOfFile: file, encoding: .utf8) else { continue }
            for raw in text.split(whereSeparator: \.isNewline) {
                let line = raw.trimmingCharacters(in: .whitespaces)
                guard !line.hasPrefix("#"), !line.hasPrefix(";"), let eq = line.firstIndex(of: "=") else { continue }
                if line[..<eq].trimmingCharacters(in: .whitespaces) == key {
                    found = line[line.index(after: eq)...].trimmingCharacters(in: .whitespaces)
                }
            }
        }
        return found
    }
}
