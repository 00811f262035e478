import StudyCore

/// Picks the text of a string element in a language, from the core `translation` extension.
public enum Translation {
    /// The translation of `base` found on its `_element` sibling for `language`, else `base`.
    /// An exact tag wins (`de-CH`); then the same language (`de` for `de-CH`, or `de-CH` for `de`).
    public static func pick(_ base: String?, element: JSONValue?, language: String?) -> String? {
        guard let language, let element else { return base }
        var sameLanguage: String?
        let wanted = language.lowercased()
        let wantedPrimary = primary(wanted)
        for ext in FHIRExtension.all(FHIRExtension.translation, in: element) {
            let parts = ext["extension"]?.arrayValue ?? []
            guard let lang = parts.first(where: { $0["url"]?.stringValue == "lang" })?["valueCode"]?.stringValue?.lowercased(),
                let content = parts.first(where: { $0["url"]?.stringValue == "content" }).flatMap({
                    $0["valueString"]?.stringValue ?? $0["valueMarkdown"]?.stringValue
                })
            else { continue }
            if lang == wanted { return content }
            if sameLanguage == nil, primary(lang) == wantedPrimary { sameLanguage = content }
        }
        return sameLanguage ?? base
    }

    /// The text of member `key` of `object` in `language` (looks at `_key` for translations).
    public static func member(_ key: String, of object: JSONValue?, language: String?) -> String? {
        pick(object?[key]?.stringValue, element: object?["_" + key], language: language)
    }

    private static func primary(_ tag: String) -> String {
        String(tag.split(separator: "-").first ?? Substring(tag))
    }
}
