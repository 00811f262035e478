import Foundation

extension KioskConfiguration {
    /// `participantID`: `{"mode": NAME, ...}`, defaulting to anonymous.
    static func decodeParticipantID(_ root: StrictJSONObject, resolve: (String) -> String) throws(KioskConfigurationError) -> ParticipantIDMode {
        guard let o = try root.object("participantID") else { return .anonymous }
        let mode = try o.requiredString("mode")
        switch mode {
        case "anonymous":
            try o.onlyKeys(["mode"])
            return .anonymous
        case "staff":
            try o.onlyKeys(["mode", "check"])
            return .staff(check: try o.choice("check", CheckCharacterScheme.self))
        case "typed":
            try o.onlyKeys(["mode", "check"])
            guard let check = try o.choice("check", CheckCharacterScheme.self) else {
                throw o.error("a typed identifier needs a check character: \"mod97-10\" or \"damm\"", at: "check")
            }
            return .typed(check: check)
        case "roster":
            try o.onlyKeys(["mode", "file"])
            return .roster(file: resolve(try o.requiredString("file")))
        case "barcode":
            try o.onlyKeys(["mode", "check", "maxGapMilliseconds"])
            let gap = try o.int("maxGapMilliseconds", in: 5...200) ?? BarcodeBurst.defaultMaxGapMilliseconds
            return .barcode(maxGapMilliseconds: gap, check: try o.choice("check", CheckCharacterScheme.self))
        default:
            throw o.error("\"\(mode)\" is not one of \"anonymous\", \"staff\", \"typed\", \"roster\", \"barcode\"", at: "mode")
        }
    }

    /// `languages`: BCP 47 tags, no duplicates, at least one.
    static func decodeLanguages(_ root: StrictJSONObject) throws(KioskConfigurationError) -> [String] {
        guard let items = try root.array("languages") else { return ["en"] }
        if items.isEmpty { throw root.error("must name at least one language", at: "languages") }
        var tags: [String] = []
        for (i, item) in items.enumerated() {
            let at = "languages[\(i)]"
            guard case .string(let tag) = item else {
                throw KioskConfigurationError(file: root.file, path: at, reason: "expected a string, found \(item.typeName)")
            }
            if tag.range(of: #"^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$"#, options: .regularExpression) == nil {
                throw KioskConfigurationError(file: root.file, path: at, reason: "\"\(tag)\" is not a language tag like \"en\" or \"pt-BR\"")
            }
            if tags.contains(tag) { throw KioskConfigurationError(file: root.file, path: at, reason: "\"\(tag)\" is listed twice") }
            tags.append(tag)
        }
        return tags
    }

    /// `timeouts`, checked against WCAG 2.2.1: a warning of at least 20 s, at least 10 extensions.
    static func decodeTimeouts(_ root: StrictJSONObject) throws(KioskConfigurationError) -> KioskTimeouts {
        let defaults = KioskTimeouts()
        guard let o = try root.object("timeouts") else { return defaults }
        try o.onlyKeys(["screenSeconds", "warningSeconds", "maxExtensions", "thankYouSeconds", "steps"])
        let warning = try o.int("warningSeconds", in: KioskTimeouts.minimumWarningSeconds...3600, why: " (WCAG 2.2.1)")
            ?? defaults.warningSeconds
        let least = warning + 10
        let screen = try o.int("screenSeconds", in: least...86_400, why: " (the warning plus 10 s)") ?? max(defaults.screenSeconds, least)
        let extensions = try o.int("maxExtensions", in: KioskTimeouts.minimumExtensions...1000, why: " (WCAG 2.2.1)")
            ?? defaults.maxExtensions
        let thanks = try o.int("thankYouSeconds", in: 1...10) ?? defaults.thankYouSeconds
        var steps: [String: Int] = [:]
        if let s = try o.object("steps") {
            for key in s.members.keys.sorted() {
                steps[key] = try s.int(key, in: least...86_400, why: " (the warning plus 10 s)")
            }
        }
        return KioskTimeouts(screenSeconds: screen, warningSeconds: warning, maxExtensions: extensions,
                             thankYouSeconds: thanks, steps: steps)
    }

    /// `retention`: `{"deleteAfterUpload": BOOL, "maxDays": N}`.
    static func decodeRetention(_ root: StrictJSONObject) throws(KioskConfigurationError) -> KioskRetention {
        guard let o = try root.object("retention") else { return KioskRetention() }
        try o.onlyKeys(["deleteAfterUpload", "maxDays"])
        return KioskRetention(deleteAfterUpload: try o.bool("deleteAfterUpload") ?? true,
                              maxDays: try o.int("maxDays", in: 1...3650))
    }
}
