import Foundation

/// Framework callbacks (GameKit delegates and completion handlers) come in nonisolated.
/// `run` executes the work on the main actor: at once when already on the main thread,
/// otherwise queued on the main queue, which is FIFO, so packets keep their order.
enum MainThread {
    static func run(_ work: @escaping @MainActor () -> Void) {
        if Thread.isMainThread {
            MainActor.assumeIsolated(work)
        } else {
            DispatchQueue.main.async {
                MainActor.assumeIsolated(work)
            }
        }
    }
}
