import UIKit

/// Builds the object graph once and wires it: services know nothing of WebKit, the bridge
/// knows the services, the web view controller owns the web view.
@MainActor
final class AppComposition {
    let webViewController: WebViewController
    private let gameCenter: GameCenterService
    private let haptics: HapticsService
    private let sharing: ShareService
    private let bridge: HostBridge
    private let lifecycle: LifecycleObserver
    private let network: NetworkMonitor

    init() {
        let gameCenter = GameCenterService()
        let haptics = HapticsService()
        let sharing = ShareService()
        let bridge = HostBridge(gameCenter: gameCenter, haptics: haptics, sharing: sharing)
        let webViewController = WebViewController(bridge: bridge)
        self.gameCenter = gameCenter
        self.haptics = haptics
        self.sharing = sharing
        self.bridge = bridge
        self.webViewController = webViewController
        self.network = NetworkMonitor(events: bridge)
        self.lifecycle = LifecycleObserver(events: bridge, onForeground: { [weak webViewController, weak haptics] in
            webViewController?.reloadIfContentWasLost()
            haptics?.prepare()
        })

        gameCenter.events = bridge
        gameCenter.presenter = { [weak webViewController] in webViewController }
        sharing.presenter = { [weak webViewController] in webViewController }
        gameCenter.onRefusedAtLaunch = { [weak webViewController, weak gameCenter] in
            GameCenterRequiredAlert.present(from: webViewController) {
                gameCenter?.retrySignIn()
            }
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
        network.start()
        gameCenter.authenticateAtLaunch()
    }
}
