import UIKit

/// Forwards the app going to the background and coming back to the page as the bridge
/// events `appBackground` / `appForeground`: the peer's 15 s grace (seed §4.4) starts and
/// ends with them.
@MainActor
final class LifecycleObserver: NSObject {
    private weak var events: HostEventSink?
    private let onForeground: () -> Void

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
        events?.emit(.appBackground, EmptyPayload())
    }

    @objc private func willEnterForeground() {
        onForeground()
        events?.emit(.appForeground, EmptyPayload())
    }
}
