import Foundation

/// Where finished asynchronous work leaves its message for the event loop: written by any task,
/// read by the loop's thread between events. Each message carries the number its work was started
/// with, so that the loop can drop messages of work it has cancelled or replaced since.
final class WorkMailbox<Message: Sendable>: @unchecked Sendable {
    /// A finished piece of work.
    struct Delivery {
        var id: WorkID
        var number: Int
        var message: Message
    }

    private let lock = NSCondition()
    private var deliveries: [Delivery] = []

    /// Leaves a message (any thread).
    func post(_ delivery: Delivery) {
        lock.lock()
        deliveries.append(delivery)
        lock.signal()
        lock.unlock()
    }

    /// Waits until a message has been left.
    func waitForDelivery() {
        lock.lock()
        while deliveries.isEmpty { lock.wait() }
        lock.unlock()
    }

    /// Takes every message left so far, oldest first.
    func takeAll() -> [Delivery] {
        lock.lock()
        defer { lock.unlock() }
        let taken = deliveries
        deliveries.removeAll()
        return taken
    }
}
