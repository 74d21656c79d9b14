// A stand-in for the native iOS host, enabled with `?host=mock`.
// It installs a fake `window.webkit.messageHandlers.host` that answers the calls
// of web/host-bridge/messages.json with their replies and raises its events
// through `window.__hostEvent`, using a BroadcastChannel between tabs of one
// browser in place of Game Center. So the page's GameKit code path runs end to
// end. Test switches (URL parameters):
//   auth=<code>       authenticate rejects with "<code>: …" (refused, offline, …)
//   matchDelay=<ms>   matchFound is raised this long after pairing, while the
//                     peer's packets already arrive (GameKit may do that)
//   shareBase=<url>   the page config's publicBaseURL (default: this page's
//                     address without query or fragment; "none": empty)
//   leaderboard=<n>   this player's score on the mock leaderboard (localStorage,
//                     shared by the tabs), sent to its peer as peerRating
(function () {
  "use strict";
  if (new URLSearchParams(location.search).get("host") !== "mock") return;

  const params = new URLSearchParams(location.search);
  const CALLS = ["authenticate", "findMatch", "inviteFriend", "sendData", "disconnect", "submitScore", "haptic", "share"];
  const EVENTS = ["matchFound", "matchFailed", "dataReceived", "playerStateChanged", "appBackground", "appForeground", "networkChanged", "peerRating"];
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
    const delay = Number(params.get("matchDelay") ?? 0);
    const announce = () => {
      if (peer !== other) return;
      emit("matchFound", { players: [me, other] });
      const score = localStorage.getItem("mockLeaderboard:" + other.playerID);
      if (score !== null) emit("peerRating", { playerID: other.playerID, rating: Number(score) });
    };
    if (delay > 0) setTimeout(announce, delay); else announce();
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
  if (params.get("leaderboard") !== null) localStorage.setItem("mockLeaderboard:" + me.playerID, params.get("leaderboard"));
  // NWPathMonitor's stand-in: the browser's own connectivity.
  for (const kind of ["online", "offline"]) addEventListener(kind, () => emit("networkChanged", { online: kind === "online" }));
  addEventListener("pagehide", () => { if (peer) post({ t: "bye", from: me, to: peer.playerID }); });
  // Hiding the tab stands for the app going to the background only with
  // `&lifecycle=1`: two tabs in one window would otherwise always have one "away".
  const lifecycle = params.get("lifecycle") === "1";
  document.addEventListener("visibilitychange", () => {
    if (peer && lifecycle) emit(document.hidden ? "appBackground" : "appForeground", {});
  });

  const handlers = {
    authenticate: () => {
      const refusal = params.get("auth");
      if (refusal) throw new Error(refusal + ": the mock host was told to fail sign-in");
      return { playerID: me.playerID, displayName: me.displayName };
    },
    findMatch: (p) => {
      // Only the standard 5×5 group exists; any other group finds nobody.
      if (p.playerGroup !== 1) { setTimeout(() => emit("matchFailed", { message: "no players in group " + p.playerGroup }), 0); return {}; }
      seeking = true; peer = null; post({ t: "seek", from: me }); return {};
    },
    inviteFriend: () => { seeking = true; peer = null; post({ t: "seek", from: me }); return {}; },
    sendData: (p) => { if (peer) post({ t: "data", from: me, to: peer.playerID, data: p.data }); return {}; },
    disconnect: () => { if (peer) post({ t: "bye", from: me, to: peer.playerID }); peer = null; seeking = false; return {}; },
    submitScore: (p) => {
      window.__mockHostScore = p.rating;
      localStorage.setItem("mockLeaderboard:" + me.playerID, String(p.rating));
      return {};
    },
    haptic: () => ({}),
    share: (p) => {
      // The system share sheet: recorded for the tests, then "completed".
      (window.__mockHostShared = window.__mockHostShared || []).push({ kind: p.kind, name: p.name, text: p.text });
      return { completed: true };
    },
  };

  // messages.json pageConfig: set before the app's scripts run (this file loads first).
  const shareBase = params.get("shareBase");
  window.__hostConfig = Object.freeze({
    publicBaseURL: shareBase === "none" ? "" : shareBase ?? location.origin + location.pathname,
  });

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
