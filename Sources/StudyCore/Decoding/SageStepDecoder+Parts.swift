import Foundation

extension SageStepDecoder {
    /// Decodes `actions`: a dictionary keyed by action type.
    func decodeActions(_ node: JSONNode) -> [ActionType: StepAction] {
        guard let actions = node.object("actions"), case .object(let members) = actions.value else { return [:] }
        var out: [ActionType: StepAction] = [:]
        for key in members.keys.sorted() {
            guard let a = actions.object(key) else { continue }
            let title = a.string("buttonTitle")
            switch a.string("type") ?? "default" {
            case "navigation":
                guard let target = a.string("skipToIdentifier", required: true) else { continue }
                out[ActionType(key)] = StepAction(buttonTitle: title, behavior: .navigation(NavigationTarget(target)))
            case let type where type == "webView" || type == "videoView":
                out[ActionType(key)] = StepAction(buttonTitle: title, behavior: .page(decodePage(a, video: type == "videoView")))
            case "reminder":
                out[ActionType(key)] = StepAction(buttonTitle: title,
                    behavior: .reminder(identifier: a.string("reminderIdentifier") ?? ""))
            case "default":
                out[ActionType(key)] = StepAction(buttonTitle: title)
            case let other:
                a.warning("unknown action type \"\(other)\"; treated as a default button", at: "type")
                out[ActionType(key)] = StepAction(buttonTitle: title)
            }
        }
        return out
    }

    /// A `webView` or `videoView` action's page; a page file named beside the task file is read now
    /// (HTML reduced to text), and one that is missing is reported.
    func decodePage(_ a: JSONNode, video: Bool) -> ActionPage {
        var page = ActionPage(kind: video ? .video : .web, url: a.string("url") ?? "", title: a.string("title"))
        guard !page.isWebAddress, !page.url.isEmpty, !page.url.contains("://") else { return page }
        let file = a.file.url.deletingLastPathComponent().appendingPathComponent(page.url)
        guard FileManager.default.fileExists(atPath: file.path) else {
            a.warning("page \"\(page.url)\" not found beside the task file; Learn more says it is not available", at: "url")
            return page
        }
        let ext = file.pathExtension.lowercased()
        guard !video, ["html", "htm", "txt", "md"].contains(ext),
              let text = try? String(contentsOf: file, encoding: .utf8) else { return page }
        page.text = ext.hasPrefix("htm") ? HTMLText.text(of: text) : text.trimmingCharacters(in: .whitespacesAndNewlines)
        return page
    }

    /// Decodes `shouldHideActions`.
    func decodeHiddenActions(_ node: JSONNode) -> Set<ActionType> {
        Set(node.strings("shouldHideActions")?.map(ActionType.init) ?? [])
    }

    /// Decodes before or after cohort rules.
    func decodeCohortRules(_ node: JSONNode, key: String) -> [CohortRule] {
        node.array(key)?.compactMap { r -> CohortRule? in
            guard r.requireObject("a cohort rule") != nil,
                let cohorts = r.strings("requiredCohorts") ?? { r.error("missing required \"requiredCohorts\"", at: "requiredCohorts"); return nil }()
            else { return nil }
            var op = CohortRule.Operator.all
            if let raw = r.string("operator") {
                if let o = CohortRule.Operator(rawValue: raw) { op = o } else {
                    r.error("unknown cohort operator \"\(raw)\"; use \"all\" or \"any\"", at: "operator")
                }
            }
            return CohortRule(requiredCohorts: cohorts, cohortOperator: op,
                              skipToIdentifier: r.string("skipToIdentifier").map(NavigationTarget.init))
        } ?? []
    }

    /// Decodes an active or countdown step.
    func decodeActive(_ node: JSONNode, isCountdown: Bool) -> ActiveStep? {
        var duration = node.number("duration") ?? 0
        if duration < 0 { node.error("duration must not be negative", at: "duration"); return nil }
        if isCountdown, duration == 0 { duration = 5 }
        var commands = Set<ActiveCommand>()
        for (i, raw) in (node.strings("commands") ?? []).enumerated() {
            if let c = ActiveCommand.parse(raw) { commands.formUnion(c) } else {
                node.warning("unknown command \"\(raw)\" is ignored", at: "commands[\(i)]")
            }
        }
        if isCountdown { commands.insert(.transitionAutomatically) }
        var spoken: [SpokenInstruction] = []
        if let instructions = node.object("spokenInstructions"), case .object(let members) = instructions.value {
            for key in members.keys.sorted() {
                guard let text = instructions.string(key) else { continue }
                switch key {
                case "start": spoken.append(SpokenInstruction(time: 0, text: text))
                case "halfway": spoken.append(SpokenInstruction(time: duration / 2, text: text))
                case "end": spoken.append(SpokenInstruction(time: .infinity, text: text))
                case "countdown":
                    guard let n = Int(text), n > 0, n <= 3600 else {
                        instructions.error("\"countdown\" needs a whole number of seconds from 1 to 3600", at: key)
                        continue
                    }
                    for k in stride(from: n, through: 1, by: -1) where duration - Double(k) >= 0 {
                        spoken.append(SpokenInstruction(time: duration - Double(k), text: Self.spelled(k)))
                    }
                default:
                    guard let t = Double(key), t >= 0 else {
                        instructions.error("a spoken instruction key must be \"start\", \"halfway\", \"end\", \"countdown\" or a number of seconds", at: key)
                        continue
                    }
                    if duration > 0, t > duration {
                        instructions.warning("this instruction is at \(key) s, after the step's \(JSONValue.format(duration)) s", at: key)
                    }
                    spoken.append(SpokenInstruction(time: t, text: text))
                }
            }
        }
        return ActiveStep(duration: duration, commands: commands, spokenInstructions: spoken,
                          isCountdown: isCountdown, shouldEndOnInterrupt: node.bool("shouldEndOnInterrupt") ?? false)
    }

    static func spelled(_ n: Int) -> String {
        let words = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
                     "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen",
                     "nineteen", "twenty"]
        return n < words.count ? words[n] : String(n)
    }
}
