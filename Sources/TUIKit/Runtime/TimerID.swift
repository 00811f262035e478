/// The name of a timer (``Command/timer(_:after:_:)``), to replace or cancel it.
public struct TimerID: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// What the timer is for, such as "idle" or "countdown".
    public var name: String

    /// The timer named `name`.
    public init(_ name: String) { self.name = name }

    /// The timer named by the literal.
    public init(stringLiteral name: String) { self.name = name }

    /// The name.
    public var description: String { name }
}
