import UIKit
import WebKit

/// The whole app UI: one edge-to-edge WKWebView showing the bundled web build. The page
/// lays itself out inside the safe areas (`viewport-fit=cover` + `env(safe-area-inset-*)`
/// in web/style/app.css), so the scroll view must not add insets of its own.
@MainActor
final class WebViewController: UIViewController, WKNavigationDelegate {
    private let bridge: HostBridge
    private let schemeHandler = BundleSchemeHandler()
    private var webView: WKWebView!
    /// The last committed app URL (its fragment holds the page's screen), reloaded after a
    /// web content process crash.
    private var lastAppURL: URL?
    /// Reloads after content-process crashes that came soon after each other: each one
    /// waits longer (1, 2, 4 … up to 30 s), so a page that crashes at once does not spin.
    private var quickCrashes = 0
    private var lastReload: Date?
    private var reloadScheduled = false
    /// A crash this soon after the last reload counts as a repeat.
    private static let repeatCrashWindow: TimeInterval = 30
    private static let maxReloadDelay: TimeInterval = 30

    /// Called before the page is reloaded after its web content process died, so host state
    /// tied to the dead page (a running match) can be released.
    var onWebContentProcessTerminated: (() -> Void)?

    init(bridge: HostBridge) {
        self.bridge = bridge
        super.init(nibName: nil, bundle: nil)
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) {
        fatalError("WebViewController is created in code")
    }

    override func loadView() {
        let configuration = WKWebViewConfiguration()
        configuration.setURLSchemeHandler(schemeHandler, forURLScheme: BundleSchemeHandler.scheme)
        configuration.websiteDataStore = .default()
        configuration.allowsInlineMediaPlayback = true
        configuration.mediaTypesRequiringUserActionForPlayback = []
        configuration.dataDetectorTypes = []
        configuration.ignoresViewportScaleLimits = false

        let contentController = WKUserContentController()
        bridge.install(in: contentController)
        contentController.addUserScript(PageScripts.lockViewport())
        configuration.userContentController = contentController

        let webView = WKWebView(frame: .zero, configuration: configuration)
        webView.navigationDelegate = self
        webView.isOpaque = false
        webView.backgroundColor = Theme.background
        webView.allowsBackForwardNavigationGestures = false
        webView.allowsLinkPreview = false

        let scrollView = webView.scrollView
        scrollView.backgroundColor = Theme.background
        scrollView.contentInsetAdjustmentBehavior = .never
        scrollView.bounces = false
        scrollView.alwaysBounceVertical = false
        scrollView.alwaysBounceHorizontal = false
        scrollView.bouncesZoom = false
        scrollView.minimumZoomScale = 1
        scrollView.maximumZoomScale = 1
        scrollView.pinchGestureRecognizer?.isEnabled = false

        #if DEBUG
        if #available(iOS 16.4, *) {
            webView.isInspectable = true
        }
        #endif

        bridge.webView = webView
        self.webView = webView
        view = webView
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        webView.load(URLRequest(url: BundleSchemeHandler.startURL))
    }

    // MARK: Screen

    override var preferredStatusBarStyle: UIStatusBarStyle { .darkContent }

    override var supportedInterfaceOrientations: UIInterfaceOrientationMask { .portrait }

    /// Drags near the bottom edge belong to the board first, the home gesture second.
    override var preferredScreenEdgesDeferringSystemGestures: UIRectEdge { .bottom }

    /// WebKit sometimes drops a backgrounded page without calling the termination delegate;
    /// a blank web view on return to the foreground is reloaded the same way.
    func reloadIfContentWasLost() {
        if webView.url == nil {
            recoverFromLostContent()
        }
    }

    // MARK: WKNavigationDelegate

    func webView(
        _ webView: WKWebView,
        decidePolicyFor navigationAction: WKNavigationAction,
        decisionHandler: @escaping @MainActor @Sendable (WKNavigationActionPolicy) -> Void
    ) {
        guard let url = navigationAction.request.url, let scheme = url.scheme?.lowercased() else {
            decisionHandler(.cancel)
            return
        }
        if scheme == BundleSchemeHandler.scheme || scheme == "about" {
            decisionHandler(.allow)
            return
        }
        // Outside links (if the page ever has one) open in Safari, never inside the game, and
        // only for a main-frame navigation the player started (a tapped link): a sub-frame or
        // a script must not send the player out of the app.
        let mainFrame = navigationAction.targetFrame?.isMainFrame ?? true
        let userActivated = navigationAction.navigationType == .linkActivated
        if (scheme == "https" || scheme == "http" || scheme == "mailto") && mainFrame && userActivated {
            UIApplication.shared.open(url)
        }
        decisionHandler(.cancel)
    }

    func webView(_ webView: WKWebView, didCommit navigation: WKNavigation!) {
        rememberAppURL()
    }

    func webView(_ webView: WKWebView, didFinish navigation: WKNavigation!) {
        rememberAppURL()
        // The scroll view's pinch recognizer exists only once content is laid out.
        webView.scrollView.pinchGestureRecognizer?.isEnabled = false
    }

    func webView(_ webView: WKWebView, didFailProvisionalNavigation navigation: WKNavigation!, withError error: Error) {
        NSLog("[web] load failed: %@", String(describing: error))
    }

    func webViewWebContentProcessDidTerminate(_ webView: WKWebView) {
        NSLog("[web] web content process terminated; reloading")
        recoverFromLostContent()
    }

    // MARK: Recovery

    private func rememberAppURL() {
        if let url = webView.url, url.scheme == BundleSchemeHandler.scheme {
            lastAppURL = url
        }
    }

    /// Reloads the last app URL. The page keeps its records in browser storage and its
    /// screen in the URL, so both come back; host state bound to the dead page is released
    /// first and events wait for the new page's first call.
    private func recoverFromLostContent() {
        if let url = webView.url, url.scheme == BundleSchemeHandler.scheme {
            lastAppURL = url
        }
        onWebContentProcessTerminated?()
        bridge.pageWillReload()
        guard !reloadScheduled else { return }
        let now = Date()
        if let last = lastReload, now.timeIntervalSince(last) < WebViewController.repeatCrashWindow {
            quickCrashes += 1
        } else {
            quickCrashes = 0
        }
        let delay = quickCrashes == 0 ? 0 : min(pow(2, Double(quickCrashes - 1)), WebViewController.maxReloadDelay)
        reloadScheduled = true
        DispatchQueue.main.asyncAfter(deadline: .now() + delay) { [weak self] in
            guard let self else { return }
            self.reloadScheduled = false
            self.lastReload = Date()
            if delay > 0 {
                NSLog("[web] reloading after %d quick crashes (waited %.0f s)", self.quickCrashes, delay)
            }
            self.webView.load(URLRequest(url: self.lastAppURL ?? BundleSchemeHandler.startURL))
        }
    }
}
