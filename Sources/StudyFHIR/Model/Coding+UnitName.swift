extension Coding {
    /// The common names of common UCUM unit codes, as a participant reads them next to a number.
    static let ucumNames: [String: String] = [
        "[in_i]": "in", "[ft_i]": "ft", "[yd_i]": "yd", "[mi_i]": "mi", "[lb_av]": "lb", "[oz_av]": "oz",
        "[stone_av]": "st", "[degF]": "°F", "Cel": "°C", "K": "K", "[gal_us]": "gal", "[foz_us]": "fl oz",
        "[pt_us]": "pt", "[qt_us]": "qt", "[cup_us]": "cup", "[tsp_us]": "tsp", "[tbs_us]": "tbsp",
        "mm[Hg]": "mmHg", "cm[H2O]": "cmH2O", "/min": "per minute", "{beats}/min": "beats per minute",
        "{breaths}/min": "breaths per minute", "{steps}": "steps", "kg/m2": "kg/m²", "m2": "m²", "cm2": "cm²",
        "s": "seconds", "min": "minutes", "h": "hours", "d": "days", "wk": "weeks", "mo": "months", "a": "years",
        "ug": "µg", "[iU]": "IU", "[IU]": "IU", "kcal": "kcal", "[pH]": "pH", "10*3/uL": "thousand per µL",
        "10*6/uL": "million per µL", "g/dL": "g/dL", "mg/dL": "mg/dL", "mmol/L": "mmol/L", "%": "%",
    ]

    /// The unit as a participant reads it: its display name, else the common name of a UCUM code
    /// ("[in_i]" → "in"; an annotation such as "{score}" → "score"), else the code as written.
    public var unitName: String {
        if let display, !display.isEmpty { return display }
        guard let code else { return "" }
        if system == nil || system == Quantity.ucum {
            if let name = Self.ucumNames[code] { return name }
            if code.hasPrefix("{"), code.hasSuffix("}"), code.count > 2 { return String(code.dropFirst().dropLast()) }
        }
        return code
    }
}
