/// The answers for a headless run: a list of events, or a map from step to answer.
public enum AnswerScript: Sendable, Equatable {
    /// One scripted event.
    public struct Event: Sendable, Equatable {
        public enum Action: String, Sendable, Equatable { case next, skip, back, cancel }
        /// The step the event expects to be current (bare id or `section/child`).
        public var step: String?
        /// Answer the step, then go next.
        public var answer: JSONValue?
        /// Or perform an action.
        public var action: Action?
    }

    /// Events applied in order to the current step.
    case events([Event])
    /// Step id (or `section/child`) to answer; steps without an entry continue with next.
    case answers([String: JSONValue])

    /// Reads a script document; errors name the place and the reason.
    public init(json: JSONValue) throws(ScriptError) {
        switch json {
        case .object(let map): self = .answers(map)
        case .array(let items):
            var events: [Event] = []
            for (i, item) in items.enumerated() {
                guard case .object(let o) = item else { throw ScriptError("[\(i)]: an event must be an object") }
                for key in o.keys where !["step", "answer", "action"].contains(key) {
                    throw ScriptError("[\(i)].\(key): unknown key; use step, answer or action")
                }
                var e = Event()
                if let s = o["step"] {
                    guard case .string(let id) = s else { throw ScriptError("[\(i)].step: expected a string") }
                    e.step = id
                }
                switch (o["answer"], o["action"]) {
                case (nil, nil): throw ScriptError("[\(i)]: an event needs \"answer\" or \"action\"")
                case (.some, .some): throw ScriptError("[\(i)]: an event has either \"answer\" or \"action\", not both")
                case (let a?, nil): e.answer = a
                case (nil, let a?):
                    guard let name = a.stringValue, let action = Event.Action(rawValue: name) else {
                        throw ScriptError("[\(i)].action: use \"next\", \"skip\", \"back\" or \"cancel\"")
                    }
                    e.action = action
                }
                events.append(e)
            }
            self = .events(events)
        default:
            throw ScriptError("a script is a JSON array of events or an object mapping steps to answers")
        }
    }
}

/// A script that cannot be used, or a run the script cannot drive.
public struct ScriptError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
