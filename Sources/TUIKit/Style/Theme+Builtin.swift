import Foundation

extension Theme {
    /// The default colour theme. Colour only adds to attributes that already carry the meaning.
    public static let color = Theme(name: "color", styles: [
        .title: Style(.bold, foreground: .cyan),
        .dim: Style(.dim),
        .accent: Style(.bold, foreground: .yellow),
        .focused: Style(.reverse),
        .selected: Style(.bold, foreground: .green),
        .error: Style(.bold, foreground: .red),
        .button: Style([]),
        .buttonFocused: Style([.reverse, .bold]),
        .caption: Style(.dim),
        .help: Style([], foreground: .cyan),
        .header: Style(.reverse, foreground: .blue),
        .progress: Style(.reverse, foreground: .green),
        .warning: Style(.bold, foreground: .yellow),
        .inkRed: Style(.bold, foreground: .red),
        .inkGreen: Style(.bold, foreground: .green),
        .inkBlue: Style(.bold, foreground: .blue),
        .inkYellow: Style(.bold, foreground: .yellow),
    ])

    /// Attributes only, for `NO_COLOR` and terminals without colour.
    ///
    /// Focus is reverse video, selection and errors are bold (widgets add text markers),
    /// secondary text is dim, and the header and progress bar are reversed.
    public static let monochrome = Theme(name: "monochrome", styles: [
        .title: Style(.bold),
        .dim: Style(.dim),
        .accent: Style(.bold),
        .focused: Style(.reverse),
        .selected: Style(.bold),
        .error: Style(.bold),
        .buttonFocused: Style([.reverse, .bold]),
        .caption: Style(.dim),
        .help: Style(.dim),
        .header: Style(.reverse),
        .progress: Style(.reverse),
        .warning: Style(.bold),
        .inkRed: Style(.bold),
        .inkGreen: Style(.bold),
        .inkBlue: Style(.bold),
        .inkYellow: Style(.bold),
    ])
}
