import Foundation

/// A fresh temporary folder for one test, mode 0700.
struct KioskTestFolder {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "kiosk-test-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    }

    /// A path inside the folder.
    func file(_ name: String) -> String { path + "/" + name }

    /// Writes `text` to `name` with `mode`.
    @discardableResult
    func write(_ name: String, _ text: String, mode: Int = 0o600) throws -> String {
        let p = file(name)
        try FileManager.default.createDirectory(atPath: (p as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: p))
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: p)
        return p
    }

    /// The permission bits of `name`.
    func mode(_ name: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: file(name))[.posixPermissions] as? Int) ?? -1
    }
}
