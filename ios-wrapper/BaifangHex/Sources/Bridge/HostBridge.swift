import WebKit

/// Where host services send their events; the bridge forwards them to the page.
@MainActor
protocol HostEventSink: AnyObject {
    func emit<P: Encodable>(_ event: BridgeEvent, _ payload: P)
}

/// The host end of the bridge: one script message handler with replies for calls from the
/// page, and `callAsyncJavaScript` for events to the page. Everything runs on the main
/// thread (WebKit delivers script messages there; services hop to it before emitting).
@MainActor
final class HostBridge: NSObject, WKScriptMessageHandlerWithReply, HostEventSink {
    /// `handlerName` in messages.json: the page posts to `window.webkit.messageHandlers.host`.
    static let handlerName = "host"
    /// `pageEventFunction` in messages.json.
    static let pageEventFunction = "__hostEvent"
    /// Events kept while the page is not listening yet (a launch from an accepted invite).
    private static let maxPendingEvents = 64

    weak var webView: WKWebView?

    private let gameCenter: GameCenterService
    private let haptics: HapticsService
    private var nextEventID = 1
    /// Set by the first call from a freshly loaded page: by then its `__hostEvent` exists.
    private var pageListening = false
    private var pendingEvents: [[String: Any]] = []

    init(gameCenter: GameCenterService, haptics: HapticsService) {
        self.gameCenter = gameCenter
        self.haptics = haptics
        super.init()
    }

    /// Registers the handler (through a weak proxy) and the page-side haptic shim.
    func install(in contentController: WKUserContentController) {
        contentController.addScriptMessageHandler(
            WeakScriptMessageHandler(self),
            contentWorld: .page,
            name: HostBridge.handlerName
        )
        contentController.addUserScript(PageScripts.hapticShim())
    }

    /// The page is about to be replaced (reload after a web content process crash):
    /// events for the old page are dropped and delivery waits for the new page's first call.
    func pageWillReload() {
        pageListening = false
        pendingEvents.removeAll()
    }

    // MARK: Calls (page -> host)

    func userContentController(
        _ userContentController: WKUserContentController,
        didReceive message: WKScriptMessage,
        replyHandler: @escaping @MainActor @Sendable (Any?, String?) -> Void
    ) {
        // Only the app's own top-level document may drive Game Center.
        guard message.frameInfo.isMainFrame,
              message.frameInfo.securityOrigin.protocol == BundleSchemeHandler.scheme else {
            replyHandler(nil, BridgeError.notMainFrame.description)
            return
        }
        let call: IncomingCall
        do {
            call = try IncomingCall(body: message.body)
        } catch {
            replyHandler(nil, String(describing: error))
            return
        }
        pageStartedListening()
        handle(call, BridgeReply(call: call, handler: replyHandler))
    }

    private func handle(_ call: IncomingCall, _ reply: BridgeReply) {
        do {
            switch call.type {
            case .authenticate:
                gameCenter.authenticate { result in
                    switch result {
                    case .success(let player):
                        reply.succeed(player)
                    case .failure(let error):
                        reply.fail(error)
                    }
                }
            case .findMatch:
                let payload = try call.decodePayload(FindMatchPayload.self)
                try gameCenter.findMatch(playerGroup: payload.playerGroup.wholeNumber, rating: payload.rating)
                reply.succeed(EmptyPayload())
            case .inviteFriend:
                let payload = try call.decodePayload(InviteFriendPayload.self)
                try gameCenter.inviteFriend(playerGroup: payload.playerGroup.wholeNumber)
                reply.succeed(EmptyPayload())
            case .sendData:
                let payload = try call.decodePayload(SendDataPayload.self)
                try gameCenter.sendData(payload.data)
                reply.succeed(EmptyPayload())
            case .disconnect:
                gameCenter.disconnect()
                reply.succeed(EmptyPayload())
            case .submitScore:
                let payload = try call.decodePayload(SubmitScorePayload.self)
                try gameCenter.submitScore(rating: payload.rating) { error in
                    if let error {
                        reply.fail(error)
                    } else {
                        reply.succeed(EmptyPayload())
                    }
                }
            case .haptic:
                let payload = try call.decodePayload(HapticPayload.self)
                haptics.play(payload.style)
                reply.succeed(EmptyPayload())
            }
        } catch {
            reply.fail(error)
        }
    }

    // MARK: Events (host -> page)

    func emit<P: Encodable>(_ event: BridgeEvent, _ payload: P) {
        let envelope: [String: Any]
        do {
            envelope = try BridgeJSON.envelope(id: nextEventID, type: event.rawValue, payload: payload)
        } catch {
            NSLog("[bridge] could not encode %@: %@", event.rawValue, String(describing: error))
            return
        }
        nextEventID += 1
        if pageListening {
            deliver(envelope)
        } else {
            pendingEvents.append(envelope)
            if pendingEvents.count > HostBridge.maxPendingEvents {
                pendingEvents.removeFirst()
            }
        }
    }

    private func pageStartedListening() {
        guard !pageListening else { return }
        pageListening = true
        // Event ids grow with time, so sorting by id restores the order of events that
        // were held back and events that came back undelivered.
        let queued = pendingEvents.sorted { ($0["id"] as? Int ?? 0) < ($1["id"] as? Int ?? 0) }
        pendingEvents.removeAll()
        queued.forEach(deliver)
    }

    private func deliver(_ envelope: [String: Any]) {
        guard let webView else { return }
        let body = """
            const listener = window.\(HostBridge.pageEventFunction);
            if (typeof listener !== "function") { return false; }
            listener(e);
            return true;
            """
        webView.callAsyncJavaScript(body, arguments: ["e": envelope], in: nil, in: .page) { [weak self] result in
            switch result {
            case .success(let delivered):
                if (delivered as? Bool) == false {
                    // The page has no listener (yet): keep the event for its next call.
                    self?.holdUndelivered(envelope)
                }
            case .failure(let error):
                NSLog("[bridge] event delivery failed: %@", String(describing: error))
            }
        }
    }

    private func holdUndelivered(_ envelope: [String: Any]) {
        pageListening = false
        pendingEvents.append(envelope)
        if pendingEvents.count > HostBridge.maxPendingEvents {
            pendingEvents.removeFirst()
        }
    }
}

/// Answers one call exactly once: `{id, type, payload}` on success, the error text otherwise
/// (the page's `postMessage` promise resolves or rejects accordingly).
@MainActor
struct BridgeReply {
    let call: IncomingCall
    let handler: @MainActor @Sendable (Any?, String?) -> Void

    func succeed<P: Encodable>(_ payload: P) {
        do {
            handler(try BridgeJSON.envelope(id: call.id, type: call.type.rawValue, payload: payload), nil)
        } catch {
            handler(nil, String(describing: error))
        }
    }

    func fail(_ error: Error) {
        handler(nil, String(describing: error))
    }
}
