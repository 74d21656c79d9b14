// A stand-in for the native iOS host, enabled with `?host=mock`.
// It installs a fake `window.webkit.messageHandlers.host` that answers the calls
// of web/host-bridge/messages.json and raises its events through
// `window.__hostEvent`, using a BroadcastChannel between tabs of one browser in
// place of Game Center. So the page's GameKit code path runs end to end.
(function () {
  "use strict";
  if (new URLSearchParams(location.search).get("host") !== "mock") return;

  const CALLS = ["authenticate", "findMatch", "inviteFriend", "sendData", "disconnect", "submitScore", "haptic"];
  const EVENTS = ["matchFound", "matchFailed", "dataReceived", "playerStateChanged", "appBackground", "appForeground"];
  const BEAT_MS = 500;
  const SILENCE_MS = 3000;
  const hex = (n) => Array.from(crypto.getRandomValues(new Uint8Array(n)), (b) => b.toString(16).padStart(2, "0")).join("");
  const me = { playerID: "G:mock-" + hex(6), displayName: "Mock " + hex(2) };
  const channel = new BroadcastChannel("baifang-mock-host");
  let seeking = false;
  let peer = null; // {playerID, displayName}
  let lastHeard = 0;
  let peerAway = false;
  let nextEventId = 1;
  const log = (window.__mockHostLog = []);

  function emit(type, payload) {
    if (!EVENTS.includes(type)) throw new Error("mock host: unknown event " + type);
    log.push({ dir: "event", type });
    const envelope = { id: nextEventId++, type, payload };
    if (typeof window.__hostEvent === "function") window.__hostEvent(envelope);
  }
  const post = (msg) => channel.postMessage(JSON.stringify(msg));

  function pair(other) {
    seeking = false;
    peer = other;
    peerAway = false;
    lastHeard = Date.now();
    emit("matchFound", { players: [me, other] });
  }

  channel.onmessage = (ev) => {
    let m;
    try { m = JSON.parse(ev.data); } catch { return; }
    const fromPeer = peer && m.from && m.from.playerID === peer.playerID && m.to === me.playerID;
    switch (m.t) {
      case "seek":
        if (seeking && m.from.playerID !== me.playerID && me.playerID < m.from.playerID) {
          post({ t: "pair", from: me, to: m.from.playerID });
          pair(m.from);
        }
        break;
      case "pair":
        if (m.to === me.playerID && seeking) pair(m.from);
        break;
      case "data":
        if (fromPeer) { heard(); emit("dataReceived", { playerID: peer.playerID, data: m.data }); }
        break;
      case "beat":
        if (fromPeer) heard();
        break;
      case "bye":
        if (fromPeer && !peerAway) { peerAway = true; emit("playerStateChanged", { playerID: peer.playerID, state: "disconnected" }); }
        break;
    }
  };
  function heard() {
    lastHeard = Date.now();
    if (peerAway) { peerAway = false; emit("playerStateChanged", { playerID: peer.playerID, state: "connected" }); }
  }
  setInterval(() => {
    if (seeking) post({ t: "seek", from: me });
    else if (peer) {
      post({ t: "beat", from: me, to: peer.playerID });
      if (!peerAway && Date.now() >= lastHeard + SILENCE_MS) {
        peerAway = true;
        emit("playerStateChanged", { playerID: peer.playerID, state: "disconnected" });
      }
    }
  }, BEAT_MS);
  addEventListener("pagehide", () => { if (peer) post({ t: "bye", from: me, to: peer.playerID }); });
  // Hiding the tab stands for the app going to the background only with
  // `&lifecycle=1`: two tabs in one window would otherwise always have one "away".
  const lifecycle = new URLSearchParams(location.search).get("lifecycle") === "1";
  document.addEventListener("visibilitychange", () => {
    if (peer && lifecycle) emit(document.hidden ? "appBackground" : "appForeground", {});
  });

  const handlers = {
    authenticate: () => ({ playerID: me.playerID, displayName: me.displayName }),
    findMatch: (p) => {
      // Only the standard 5×5 group exists; any other group finds nobody.
      if (p.playerGroup !== 1) { setTimeout(() => emit("matchFailed", { message: "no players in group " + p.playerGroup }), 0); return {}; }
      seeking = true; peer = null; post({ t: "seek", from: me }); return {};
    },
    inviteFriend: () => { seeking = true; peer = null; post({ t: "seek", from: me }); return {}; },
    sendData: (p) => { if (peer) post({ t: "data", from: me, to: peer.playerID, data: p.data }); return {}; },
    disconnect: () => { if (peer) post({ t: "bye", from: me, to: peer.playerID }); peer = null; seeking = false; return {}; },
    submitScore: (p) => { window.__mockHostScore = p.rating; return {}; },
    haptic: () => ({}),
  };

  window.webkit = window.webkit || {};
  window.webkit.messageHandlers = window.webkit.messageHandlers || {};
  window.webkit.messageHandlers.host = {
    // WKScriptMessageHandlerWithReply: postMessage returns a promise of the reply.
    postMessage(envelope) {
      return new Promise((resolve, reject) => {
        const { type, payload } = envelope || {};
        if (!CALLS.includes(type)) { reject(new Error("unknown call " + type)); return; }
        log.push({ dir: "call", type });
        try { resolve(handlers[type](payload || {})); } catch (e) { reject(e); }
      });
    },
  };
  window.__mockHost = { me, calls: CALLS, events: EVENTS };
})();
