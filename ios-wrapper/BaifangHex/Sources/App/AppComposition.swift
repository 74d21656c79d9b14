import UIKit

/// Builds the object graph once and wires it: services know nothing of WebKit, the bridge
/// knows the services, the web view controller owns the web view.
@MainActor
final class AppComposition {
    let webViewController: WebViewController
    private let gameCenter: GameCenterService
    private let haptics: HapticsService
    private let bridge: HostBridge
    private let lifecycle: LifecycleObserver

    init() {
        let gameCenter = GameCenterService()
        let haptics = HapticsService()
        let bridge = HostBridge(gameCenter: gameCenter, haptics: haptics)
        let webViewController = WebViewController(bridge: bridge)
        self.gameCenter = gameCenter
        self.haptics = haptics
        self.bridge = bridge
        self.webViewController = webViewController
        self.lifecycle = LifecycleObserver(events: bridge, onForeground: { [weak webViewController, weak haptics] in
            webViewController?.reloadIfContentWasLost()
            haptics?.prepare()
        })

        gameCenter.events = bridge
        gameCenter.presenter = { [weak webViewController] in webViewController?.topPresenter }
        gameCenter.onRefused = { [weak webViewController] in
            guard let presenter = webViewController?.topPresenter else { return }
            GameCenterRequiredAlert.present(from: presenter)
        }
        // A dead page cannot continue its match: release it (the peer sees the disconnect
        // and its 15 s grace) instead of leaving the peer waiting on a page that is gone.
        webViewController.onWebContentProcessTerminated = { [weak gameCenter] in
            gameCenter?.disconnect()
        }
    }

    /// Game Center sign-in starts at launch; the page's `authenticate` call
    /// waits for its outcome.
    func start() {
        lifecycle.start()
        gameCenter.authenticateAtLaunch()
    }
}
