import Foundation

/// Decodes the `study.json` object, reporting every mistake through the node's sink.
struct StudyDefinitionDecoder {
    /// The document's root.
    let root: JSONNode

    /// Keys a study definition may have (others are warned about: usually a typo).
    static let studyKeys: Set<String> = ["formatVersion", "identifier", "version", "title", "purpose", "consent",
                                         "contact", "notices", "finishText", "messages", "tasks"]

    /// The definition, or nil when a required part is missing (errors are in the sink).
    func decode() -> StudyDefinition? {
        guard root.requireObject("a study definition") != nil else { return nil }
        warnUnknownKeys(root, allowed: Self.studyKeys)
        if let format = root.int("formatVersion"), format != 1 {
            root.error("unsupported formatVersion \(format); this StudyTerm reads version 1", at: "formatVersion")
        }
        let identifier = nonEmpty(root, "identifier")
        let version = versionString(root, "version")
        let title = nonEmpty(root, "title")
        let purpose = nonEmpty(root, "purpose")
        let consent = decodeConsent(root.object("consent", required: true))
        let tasks = decodeTasks()
        guard let identifier, let version, let title, let purpose, let consent, let tasks else { return nil }
        return StudyDefinition(identifier: identifier, version: version, title: title, purpose: purpose, consent: consent,
                               contact: decodeContact(root.object("contact")), notices: decodeNotices(),
                               finishText: root.string("finishText"), messages: decodeMessages(), tasks: tasks,
                               location: root.file.url)
    }

    /// A required string that must not be empty.
    func nonEmpty(_ node: JSONNode, _ key: String) -> String? {
        guard let text = node.string(key, required: true) else { return nil }
        if text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            node.error("\"\(key)\" must not be empty", at: key)
            return nil
        }
        return text
    }

    /// A required version: a string, or a number written as one.
    func versionString(_ node: JSONNode, _ key: String) -> String? {
        if let number = node.value[key]?.doubleValue { return JSONValue.double(number).displayText }
        return nonEmpty(node, key)
    }

    /// Warns about members that are not in `allowed`.
    func warnUnknownKeys(_ node: JSONNode, allowed: Set<String>) {
        for key in (node.value.objectValue ?? [:]).keys.sorted() where !allowed.contains(key) {
            node.warning("unknown key \"\(key)\" is ignored", at: key)
        }
    }

    /// The consent: a version and either `text` or a `file` beside the definition.
    private func decodeConsent(_ node: JSONNode?) -> ConsentDocument? {
        guard let node else { return nil }
        warnUnknownKeys(node, allowed: ["version", "text", "file"])
        let version = versionString(node, "version")
        var text = node.string("text")
        if let file = node.string("file") {
            let url = root.file.url.deletingLastPathComponent().appendingPathComponent(file)
            if text != nil { node.error("give the consent as \"text\" or \"file\", not both", at: "file") }
            do { text = try String(contentsOf: url, encoding: .utf8) } catch {
                node.error("the consent file \"\(file)\" cannot be read (looked for \(url.path))", at: "file")
            }
        } else if text == nil {
            node.error("the consent needs \"text\" or \"file\"")
        }
        if let t = text, t.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            node.error("the consent text is empty")
            return nil
        }
        guard let version, let text else { return nil }
        return ConsentDocument(version: version, text: text)
    }

    /// The contact block; every part optional.
    private func decodeContact(_ node: JSONNode?) -> StudyContact {
        guard let node else { return StudyContact() }
        warnUnknownKeys(node, allowed: ["institute", "person", "email", "phone"])
        return StudyContact(institute: node.string("institute"), person: node.string("person"),
                            email: node.string("email"), phone: node.string("phone"))
    }

    /// Notices: objects with identifier and text, or plain strings (numbered identifiers).
    private func decodeNotices() -> [StudyNotice] {
        var seen: [String: String] = [:]
        return (root.array("notices") ?? []).enumerated().compactMap { i, node in
            let notice: StudyNotice?
            if case .string(let text) = node.value {
                notice = StudyNotice(identifier: "notice-\(i + 1)", text: text)
            } else if node.requireObject("a notice") != nil {
                warnUnknownKeys(node, allowed: ["identifier", "text"])
                let id = nonEmpty(node, "identifier"), text = nonEmpty(node, "text")
                notice = id.flatMap { id in text.map { StudyNotice(identifier: id, text: $0) } }
            } else {
                notice = nil
            }
            guard let notice else { return nil }
            if let other = seen[notice.identifier] {
                node.error("duplicate notice identifier \"\(notice.identifier)\" (also at \(other))")
            }
            seen[notice.identifier] = node.path
            return notice
        }
    }

    /// Study messages, delivered on their study day.
    private func decodeMessages() -> [StudyMessage] {
        (root.array("messages") ?? []).compactMap { node in
            guard node.requireObject("a message") != nil else { return nil }
            warnUnknownKeys(node, allowed: ["identifier", "day", "title", "text"])
            let day = node.int("day") ?? 1
            if day < 1 { node.error("day must be 1 (the enrollment day) or later", at: "day") }
            guard let id = nonEmpty(node, "identifier"), let title = nonEmpty(node, "title"),
                  let text = nonEmpty(node, "text") else { return nil }
            return StudyMessage(identifier: id, day: max(day, 1), title: title, text: text)
        }
    }
}
