import UIKit

/// Forwards the app going to the background and coming back to the page as the bridge
/// events `appBackground` / `appForeground`: the peer's 15 s grace starts and
/// ends with them.
///
/// iOS suspends the app (and WebKit its web content process) soon after it enters the
/// background, possibly before the page has run its `appBackground` handler and told the
/// peer. A short background task keeps the app running for a few seconds so the event is
/// delivered and the page's packet leaves through GameKit.
@MainActor
final class LifecycleObserver: NSObject {
    /// How long the app asks to keep running after entering the background.
    private static let backgroundDeliveryTime: TimeInterval = 3

    private weak var events: HostEventSink?
    private let onForeground: () -> Void
    private var backgroundTask: UIBackgroundTaskIdentifier = .invalid

    init(events: HostEventSink, onForeground: @escaping () -> Void) {
        self.events = events
        self.onForeground = onForeground
        super.init()
    }

    func start() {
        let center = NotificationCenter.default
        center.addObserver(self, selector: #selector(didEnterBackground), name: UIApplication.didEnterBackgroundNotification, object: nil)
        center.addObserver(self, selector: #selector(willEnterForeground), name: UIApplication.willEnterForegroundNotification, object: nil)
    }

    @objc private func didEnterBackground() {
        beginBackgroundDelivery()
        events?.emit(.appBackground, EmptyPayload())
    }

    @objc private func willEnterForeground() {
        endBackgroundDelivery()
        onForeground()
        events?.emit(.appForeground, EmptyPayload())
    }

    private func beginBackgroundDelivery() {
        endBackgroundDelivery()
        backgroundTask = UIApplication.shared.beginBackgroundTask(withName: "baifang.appBackground") { [weak self] in
            self?.endBackgroundDelivery()
        }
        let task = backgroundTask
        DispatchQueue.main.asyncAfter(deadline: .now() + LifecycleObserver.backgroundDeliveryTime) { [weak self] in
            // Only this task: a later trip to the background has its own.
            if self?.backgroundTask == task {
                self?.endBackgroundDelivery()
            }
        }
    }

    private func endBackgroundDelivery() {
        guard backgroundTask != .invalid else { return }
        UIApplication.shared.endBackgroundTask(backgroundTask)
        backgroundTask = .invalid
    }
}
