import WebKit

/// `WKUserContentController` keeps a strong reference to every script message handler it
/// holds. The web view's configuration owns the content controller, so registering the
/// bridge directly would close a cycle (web view -> controller -> bridge -> web view).
/// This proxy holds the bridge weakly and forwards each message to it.
@MainActor
final class WeakScriptMessageHandler: NSObject, WKScriptMessageHandlerWithReply {
    private weak var target: WKScriptMessageHandlerWithReply?

    init(_ target: WKScriptMessageHandlerWithReply) {
        self.target = target
        super.init()
    }

    func userContentController(
        _ userContentController: WKUserContentController,
        didReceive message: WKScriptMessage,
        replyHandler: @escaping @MainActor @Sendable (Any?, String?) -> Void
    ) {
        guard let target else {
            // The bridge is gone (the app is tearing down): settle the page's promise.
            replyHandler(nil, "the host bridge is not available")
            return
        }
        target.userContentController(userContentController, didReceive: message, replyHandler: replyHandler)
    }
}
