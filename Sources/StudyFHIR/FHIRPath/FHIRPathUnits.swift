/// The units FHIRPath quantities are compared and converted in: common UCUM units of mass, length,
/// volume and time, and the calendar duration words (`7 days`, `1 week`).
enum FHIRPathUnits {
    /// Factor to the base unit of its dimension, by unit.
    private static let table: [String: (dimension: String, factor: Double)] = [
        "g": ("mass", 1), "mg": ("mass", 1e-3), "kg": ("mass", 1e3), "ug": ("mass", 1e-6), "[lb_av]": ("mass", 453.59237),
        "[oz_av]": ("mass", 28.349523125),
        "m": ("length", 1), "cm": ("length", 0.01), "mm": ("length", 0.001), "km": ("length", 1000), "[in_i]": ("length", 0.0254),
        "[ft_i]": ("length", 0.3048),
        "m2": ("area", 1), "cm2": ("area", 1e-4),
        "L": ("volume", 1), "l": ("volume", 1), "mL": ("volume", 1e-3), "ml": ("volume", 1e-3), "dL": ("volume", 0.1),
        "ms": ("time", 0.001), "s": ("time", 1), "min": ("time", 60), "h": ("time", 3600), "d": ("time", 86_400), "wk": ("time", 604_800),
        "millisecond": ("time", 0.001), "milliseconds": ("time", 0.001), "second": ("time", 1), "seconds": ("time", 1),
        "minute": ("time", 60), "minutes": ("time", 60), "hour": ("time", 3600), "hours": ("time", 3600),
        "day": ("time", 86_400), "days": ("time", 86_400), "week": ("time", 604_800), "weeks": ("time", 604_800),
        "month": ("calendar-month", 1), "months": ("calendar-month", 1), "mo": ("ucum-month", 1),
        "year": ("calendar-month", 12), "years": ("calendar-month", 12), "a": ("ucum-month", 12),
        "1": ("number", 1),
    ]

    /// The calendar duration words a quantity literal may use without quotes.
    static let calendarWords: Set<String> = [
        "year", "years", "month", "months", "week", "weeks", "day", "days", "hour", "hours", "minute", "minutes",
        "second", "seconds", "millisecond", "milliseconds",
    ]

    /// The value in its dimension's base unit, or nil for a unit not in the table.
    static func base(_ value: Double, _ unit: String?) -> (dimension: String, value: Double)? {
        guard let entry = table[unit ?? "1"] else { return nil }
        return (entry.dimension, value * entry.factor)
    }

    /// `value` in `unit` converted to `target`, or nil when they are not of one dimension.
    static func convert(_ value: Double, from unit: String?, to target: String) -> Double? {
        guard let a = base(value, unit), let b = table[target], a.dimension == b.dimension else { return nil }
        return a.value / b.factor
    }
}
