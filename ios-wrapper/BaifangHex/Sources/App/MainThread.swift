import Foundation

/// Framework callbacks (GameKit delegates and completion handlers) come in nonisolated,
/// on whatever thread GameKit chose. `run` puts the work on the main queue, always
/// asynchronously: the main queue is FIFO, so packets and state changes keep their order
/// even when some callbacks already arrive on the main thread.
///
/// The compiler treats a closure passed to `DispatchQueue.main.async` as main-actor
/// isolated, so it may call the `@MainActor` work directly. (`MainActor.assumeIsolated`
/// is avoided on purpose: back-deployed to iOS 15–16 it can trap on the main queue.)
enum MainThread {
    static func run(_ work: @escaping @MainActor () -> Void) {
        DispatchQueue.main.async {
            work()
        }
    }
}
