import WebKit

/// Where host services send their events; the bridge forwards them to the page.
@MainActor
protocol HostEventSink: AnyObject {
    func emit<P: Encodable>(_ event: BridgeEvent, _ payload: P)
}

/// The host end of the bridge: one script message handler with replies for calls from the
/// page, and `callAsyncJavaScript` for events to the page. Everything runs on the main
/// thread (WebKit delivers script messages there; services hop to it before emitting).
///
/// Events are never dropped: each one stays in `undelivered` until the page confirms it ran
/// its `__hostEvent` listener. A page that is not listening (not loaded yet, reloading after
/// a crash) gets them, in order, after its next call. Delivery is at least once; the page
/// ignores an event id it has already seen (ids grow for the whole app launch).
@MainActor
final class HostBridge: NSObject, WKScriptMessageHandlerWithReply, HostEventSink {
    /// `handlerName` in messages.json: the page posts to `window.webkit.messageHandlers.host`.
    static let handlerName = "host"
    /// `pageEventFunction` in messages.json.
    static let pageEventFunction = "__hostEvent"
    /// `pageConfig.global` in messages.json.
    static let pageConfigGlobal = "__hostConfig"

    weak var webView: WKWebView?

    private let gameCenter: GameCenterService
    private let haptics: HapticsService
    private let sharing: ShareService
    private var nextEventID = 1
    /// Set by a call from the page: by then its `__hostEvent` exists. Cleared when a
    /// delivery finds no listener or fails, and when the page is replaced.
    private var pageListening = false
    /// Events not yet confirmed by the page, oldest first.
    private var undelivered: [[String: Any]] = []
    /// A batch of `undelivered` is on its way to the page.
    private var delivering = false

    init(gameCenter: GameCenterService, haptics: HapticsService, sharing: ShareService) {
        self.gameCenter = gameCenter
        self.haptics = haptics
        self.sharing = sharing
        super.init()
    }

    /// Registers the handler (through a weak proxy), the page-side haptic shim and the
    /// host configuration the page reads (`pageConfig` in messages.json).
    func install(in contentController: WKUserContentController) {
        contentController.addScriptMessageHandler(
            WeakScriptMessageHandler(self),
            contentWorld: .page,
            name: HostBridge.handlerName
        )
        contentController.addUserScript(PageScripts.hapticShim())
        contentController.addUserScript(PageScripts.hostConfig(HostConfig(publicBaseURL: AppConfig.publicBaseURL ?? "")))
    }

    /// The page is about to be replaced (reload after a web content process crash): events
    /// wait, in order, for the new page's first call.
    func pageWillReload() {
        pageListening = false
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
        handle(call, BridgeReply(handler: replyHandler))
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
            case .share:
                let payload = try call.decodePayload(SharePayload.self)
                try sharing.share(payload) { result in
                    switch result {
                    case .success(let completed):
                        reply.succeed(ShareReply(completed: completed))
                    case .failure(let error):
                        reply.fail(error)
                    }
                }
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
        undelivered.append(envelope)
        deliverPending()
    }

    private func pageStartedListening() {
        guard !pageListening else { return }
        pageListening = true
        deliverPending()
    }

    /// Sends every undelivered event, in order, as one batch; the page's answer says how
    /// many its listener took. The rest wait for the page's next call.
    private func deliverPending() {
        guard pageListening, !delivering, !undelivered.isEmpty, let webView else { return }
        let batch = undelivered
        delivering = true
        webView.callAsyncJavaScript(HostBridge.deliveryBody(), arguments: ["events": batch], in: nil, in: .page) { [weak self] result in
            guard let self else { return }
            self.delivering = false
            switch result {
            case .success(let answer):
                let taken = min(max((answer as? NSNumber)?.intValue ?? 0, 0), batch.count)
                self.undelivered.removeFirst(taken)
                if taken < batch.count {
                    // No listener (yet): wait for the page's next call.
                    self.pageListening = false
                }
            case .failure(let error):
                // The page went away mid-delivery (navigation, crash): keep everything; a
                // repeated event is ignored by the page by its id.
                NSLog("[bridge] event delivery failed: %@", String(describing: error))
                self.pageListening = false
            }
            self.deliverPending()
        }
    }

    /// The body `callAsyncJavaScript` runs with `events` (an array of envelopes): hands them
    /// to the page's listener in order and answers how many it took (a listener that throws
    /// still took its event: redelivering would only throw again).
    static func deliveryBody() -> String {
        return """
            for (let i = 0; i < events.length; i++) {
              const listener = window.\(HostBridge.pageEventFunction);
              if (typeof listener !== "function") { return i; }
              try { listener(events[i]); } catch (error) { console.error(error); }
            }
            return events.length;
            """
    }
}

/// Answers one call exactly once: the reply payload on success (exactly the fields
/// messages.json lists as the call's `reply`, never wrapped in an envelope), the error
/// text otherwise (the page's `postMessage` promise resolves or rejects accordingly).
@MainActor
struct BridgeReply {
    let handler: @MainActor @Sendable (Any?, String?) -> Void

    func succeed<P: Encodable>(_ payload: P) {
        do {
            handler(try BridgeJSON.object(payload), nil)
        } catch {
            handler(nil, String(describing: error))
        }
    }

    func fail(_ error: Error) {
        handler(nil, String(describing: error))
    }
}
