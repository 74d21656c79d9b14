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
/// Each event stays in `undelivered` until the page confirms it ran its `__hostEvent`
/// listener. A page that is not listening (not loaded yet, reloading after a crash) gets
/// them, in order, after its next call. Delivery is at least once; the page ignores an
/// event id it has already seen (ids grow for the whole app launch).
///
/// The queue is kept small while nobody listens: lifecycle (`appBackground` /
/// `appForeground`) and `networkChanged` events are coalesced (only the latest of each
/// kind waits), and beyond `maxUndelivered` the oldest are dropped. A page that replaces a
/// crashed one starts a new generation: the old page's match-scoped events are purged and
/// a delivery that was on its way to the old page no longer counts.
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
    private var undelivered: [PendingEvent] = []
    /// A batch of `undelivered` is on its way to the page.
    private var delivering = false
    /// The page's generation: raised each time the page is replaced after a crash.
    private var generation = 0
    /// The most events that wait for a page; older ones are dropped beyond it.
    static let maxUndelivered = 256

    private struct PendingEvent {
        let id: Int
        let event: BridgeEvent
        let envelope: [String: Any]
    }

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
        generation += 1
        // The dead page's match ended with it (the host disconnected it): nothing of that
        // match may reach the new page, which never knew it.
        undelivered.removeAll { $0.event.isMatchScoped }
    }

    // MARK: Calls (page -> host)

    func userContentController(
        _ userContentController: WKUserContentController,
        didReceive message: WKScriptMessage,
        replyHandler: @escaping @MainActor @Sendable (Any?, String?) -> Void
    ) {
        // Only the app's own top-level document may drive Game Center.
        let reply = BridgeReply(call: (message.body as? [String: Any])?["type"] as? String ?? "?", handler: replyHandler)
        // Only the app's own top-level document may drive Game Center: scheme and host.
        let origin = message.frameInfo.securityOrigin
        guard message.frameInfo.isMainFrame,
              origin.protocol == BundleSchemeHandler.scheme,
              origin.host == BundleSchemeHandler.host else {
            reply.fail(BridgeError.notMainFrame)
            return
        }
        let call: IncomingCall
        do {
            call = try IncomingCall(body: message.body)
        } catch {
            reply.fail(error)
            return
        }
        pageStartedListening()
        handle(call, reply)
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
        let pending = PendingEvent(id: nextEventID, event: event, envelope: envelope)
        nextEventID += 1
        if let kind = event.coalescingKind {
            // Only the latest lifecycle / network state matters to a page that was not listening.
            undelivered.removeAll { $0.event.coalescingKind == kind }
        }
        undelivered.append(pending)
        if undelivered.count > HostBridge.maxUndelivered {
            let dropped = undelivered.count - HostBridge.maxUndelivered
            NSLog("[bridge] no page listening: dropping the %d oldest events", dropped)
            undelivered.removeFirst(dropped)
        }
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
        let sentTo = generation
        delivering = true
        webView.callAsyncJavaScript(HostBridge.deliveryBody(), arguments: ["events": batch.map(\.envelope)], in: nil, in: .page) { [weak self] result in
            guard let self else { return }
            self.delivering = false
            guard sentTo == self.generation else {
                // Delivered to (or lost with) a page that has since been replaced.
                self.deliverPending()
                return
            }
            switch result {
            case .success(let answer):
                let taken = min(max((answer as? NSNumber)?.intValue ?? 0, 0), batch.count)
                // By id: coalescing or the bound may have removed some of the batch meanwhile.
                let takenIDs = Set(batch.prefix(taken).map(\.id))
                self.undelivered.removeAll { takenIDs.contains($0.id) }
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
///
/// WebKit raises `NSInternalInconsistencyException` when a reply handler runs twice, and
/// some framework callbacks (the share sheet's completion, GameKit's authenticate handler)
/// run more than once. So the handler is cleared on first use; any later settle is a
/// logged no-op. Every bridge call answers through this object.
@MainActor
final class BridgeReply {
    private var handler: (@MainActor @Sendable (Any?, String?) -> Void)?
    private let call: String

    init(call: String, handler: @escaping @MainActor @Sendable (Any?, String?) -> Void) {
        self.call = call
        self.handler = handler
    }

    /// The call has been answered.
    var isSettled: Bool { handler == nil }

    func succeed<P: Encodable>(_ payload: P) {
        do {
            settle(try BridgeJSON.object(payload), nil)
        } catch {
            settle(nil, String(describing: error))
        }
    }

    func fail(_ error: Error) {
        settle(nil, String(describing: error))
    }

    private func settle(_ value: Any?, _ error: String?) {
        guard let handler else {
            NSLog("[bridge] %@ was already answered; a second reply is ignored", call)
            return
        }
        self.handler = nil
        handler(value, error)
    }
}

extension BridgeEvent {
    /// Events about one match: meaningless to a page that replaced the one that had it.
    var isMatchScoped: Bool {
        switch self {
        case .matchFound, .matchFailed, .dataReceived, .playerStateChanged, .peerRating:
            return true
        case .appBackground, .appForeground, .networkChanged:
            return false
        }
    }

    /// Events of which only the latest state matters: one waits per kind.
    var coalescingKind: String? {
        switch self {
        case .appBackground, .appForeground:
            return "lifecycle"
        case .networkChanged:
            return "network"
        case .matchFound, .matchFailed, .dataReceived, .playerStateChanged, .peerRating:
            return nil
        }
    }
}
