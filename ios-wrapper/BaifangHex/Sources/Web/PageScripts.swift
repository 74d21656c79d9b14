import WebKit

/// User scripts the host installs in the page's own JavaScript world.
@MainActor
enum PageScripts {
    /// `window.__hostHaptic(name)`: web/core/src/host/haptics.rs calls it when present, so haptics
    /// go through the bridge call `haptic` like every other call. Ids count down from -1 so
    /// they never meet the page's own (positive) call ids; the promise's rejection is
    /// swallowed because feedback is a nicety, never a failure.
    static func hapticShim() -> WKUserScript {
        let source = """
            (() => {
              let nextId = -1;
              window.__hostHaptic = (name) => {
                const handlers = window.webkit && window.webkit.messageHandlers;
                const host = handlers && handlers.\(HostBridge.handlerName);
                if (!host) { return; }
                const message = { id: nextId--, type: "\(BridgeCall.haptic.rawValue)", payload: { style: String(name) } };
                Promise.resolve(host.postMessage(message)).catch(() => {});
              };
            })();
            """
        return WKUserScript(source: source, injectionTime: .atDocumentStart, forMainFrameOnly: true, in: .page)
    }

    /// `window.__hostConfig` (`pageConfig` in messages.json), set before the page's own
    /// scripts run: what the page needs to know about the app synchronously, such as the
    /// public address its share links must use (the page's own `app://` URL means nothing
    /// outside the app).
    static func hostConfig(_ config: HostConfig) -> WKUserScript {
        let configJSON = (try? JSONEncoder().encode(config)).flatMap { String(data: $0, encoding: .utf8) } ?? "{}"
        let source = """
            (() => {
              window.\(HostBridge.pageConfigGlobal) = Object.freeze(\(configJSON));
            })();
            """
        return WKUserScript(source: source, injectionTime: .atDocumentStart, forMainFrameOnly: true, in: .page)
    }

    /// Pins the viewport (no pinch or double-tap zoom) and turns off the long-press callout,
    /// whatever the page's own meta tag says.
    static func lockViewport() -> WKUserScript {
        let source = """
            (() => {
              const content = "width=device-width, initial-scale=1, maximum-scale=1, user-scalable=no, viewport-fit=cover";
              let meta = document.querySelector('meta[name="viewport"]');
              if (!meta) {
                meta = document.createElement("meta");
                meta.name = "viewport";
                document.head.appendChild(meta);
              }
              meta.setAttribute("content", content);
              document.documentElement.style.touchAction = "manipulation";
              document.documentElement.style.webkitTouchCallout = "none";
            })();
            """
        return WKUserScript(source: source, injectionTime: .atDocumentEnd, forMainFrameOnly: true, in: .page)
    }
}
