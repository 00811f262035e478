/// Each language named in itself, for the station's language chooser ("Deutsch", not "German").
public enum LanguageNames {
    /// Autonyms of common languages by their primary BCP 47 subtag.
    static let autonyms: [String: String] = [
        "ar": "العربية", "bg": "Български", "cs": "Čeština", "da": "Dansk", "de": "Deutsch", "el": "Ελληνικά",
        "en": "English", "es": "Español", "et": "Eesti", "fa": "فارسی", "fi": "Suomi", "fr": "Français",
        "he": "עברית", "hi": "हिन्दी", "hr": "Hrvatski", "hu": "Magyar", "it": "Italiano", "ja": "日本語",
        "ko": "한국어", "lt": "Lietuvių", "lv": "Latviešu", "nb": "Norsk bokmål", "nl": "Nederlands",
        "no": "Norsk", "pl": "Polski", "pt": "Português", "ro": "Română", "ru": "Русский", "sk": "Slovenčina",
        "sl": "Slovenščina", "sr": "Српски", "sv": "Svenska", "sw": "Kiswahili", "tr": "Türkçe",
        "uk": "Українська", "vi": "Tiếng Việt", "zh": "中文",
    ]

    /// The language of `tag` named in itself, the tag when it is not known (`pt-BR` → "Português (pt-BR)").
    public static func autonym(_ tag: String) -> String {
        let primary = String(tag.split(separator: "-").first ?? Substring(tag)).lowercased()
        guard let name = autonyms[primary] else { return tag }
        return primary == tag.lowercased() ? name : "\(name) (\(tag))"
    }
}
