import StudyCore
import TUIKit

/// Draws a slider: `0 ├───●──────┤ 10   4`, with the end labels underneath.
struct SliderView {
    let scale: SliderScale
    let field: FieldView

    func add(to body: inout StepBody) {
        let s = scale
        let low = JSONValue.double(s.minimum).displayText, high = JSONValue.double(s.maximum).displayText
        let room = body.width - field.indent - TextWidth.width(of: low) - TextWidth.width(of: high) - 14
        let track = max(5, min(s.stepCount + 1 < 12 ? (s.stepCount + 1) * 4 : 41, room))
        var line = field.tagged(BodyLine(field.pad + low + " "))
        let barStart = line.width
        line.add("├", .dim)
        var cursorColumn = barStart + 1
        if let f = s.fraction {
            let at = min(track - 1, max(0, (f * Double(track - 1)).saturatingInt))
            line.add(String(repeating: "─", count: at), .dim)
            line.add("●", field.isFocused ? .focused : .selected)
            line.add(String(repeating: "─", count: track - 1 - at), .dim)
            cursorColumn = barStart + 1 + at
        } else {
            line.add(String(repeating: "─", count: track), .dim)
        }
        line.add("┤", .dim)
        let value = s.valueText.map { "Value: " + $0 + unitSuffix } ?? "no answer yet"
        let valueRole: StyleRole = s.value == nil ? .dim : .accent
        // The value beside the bar when it fits, else on its own line under it: never cut off.
        let besides = line.width + TextWidth.width(of: " " + high + "   " + value) <= body.width
        line.add(" " + high + (besides ? "   " : ""))
        if besides { line.add(value, valueRole) }
        if field.isFocused { body.setCursorOnNextLine(column: cursorColumn) }
        body.add(line)
        if !besides {
            var below = field.tagged(BodyLine(field.pad))
            below.add(value, valueRole)
            body.add(below)
        }
        if s.minimumLabel != nil || s.maximumLabel != nil {
            let left = Sanitizer.sanitizeLine(s.minimumLabel ?? "")
            let right = Sanitizer.sanitizeLine(s.maximumLabel ?? "")
            let span = track + 2
            var labels = TextWidth.spaces(barStart) + left
            let gap = barStart + span - TextWidth.width(of: labels) - TextWidth.width(of: right)
            labels += gap > 0 ? TextWidth.spaces(gap) + right : "  " + right
            body.add(field.tagged(BodyLine(labels, role: .dim)))
        }
        if field.isFocused {
            let help = "←/→ one step, PgUp/PgDn a tenth, Home/End the ends"
            let short = "←/→, PgUp/PgDn, Home/End move it"
            let text = TextWidth.width(of: field.pad + help) <= body.width ? help : short
            body.add(field.tagged(BodyLine(field.pad + text, role: .dim)))
        }
    }

    private var unitSuffix: String {
        switch field.editor.field.kind {
        case .integer(let o), .decimal(let o): return o.unit.map { " " + Sanitizer.sanitizeLine($0) } ?? ""
        default: return ""
        }
    }
}
