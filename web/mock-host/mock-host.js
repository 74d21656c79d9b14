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
//   auth=hang         authenticate never answers (GameKit never calling back)
//   name=<text>       this player's Game Center display name (default "Mock <hex>")
//   replyTwice=1      every call is answered twice and every event delivered twice,
//                     as a host without its settle-once reply and an at-least-once
//                     delivery would (the second reply goes through the same
//                     settle-once rule as the Swift BridgeReply: logged, ignored)
// It follows the iOS host's run-time rules, so the page can be tested against them:
//   - the Game Center refusal alert (modelled: window.__mockHostAlerts counts it) is
//     shown once per launch, again only after the page asks to sign in; GameKit's
//     re-call of the authenticate handler on each return to the foreground is
//     __mockHost.foreground() (and a visible tab with lifecycle=1);
//   - events wait while the page has no listener (or __mockHost.pause()), lifecycle
//     and network events coalesced, at most MAX_UNDELIVERED kept;
//   - __mockHost.crashReload() stands for the web content process dying mid-match:
//     the page reloads, the host starts a new generation and drops the old page's
//     match-scoped events (it left the match).
(function () {
  "use strict";
  if (new URLSearchParams(location.search).get("host") !== "mock") return;

  const params = new URLSearchParams(location.search);
  const CALLS = ["authenticate", "findMatch", "inviteFriend", "sendData", "disconnect", "submitScore", "haptic", "share"];
  const EVENTS = ["matchFound", "matchFailed", "dataReceived", "playerStateChanged", "appBackground", "appForeground", "networkChanged", "peerRating"];
  const BEAT_MS = 500;
  const SILENCE_MS = 3000;
  const hex = (n) => Array.from(crypto.getRandomValues(new Uint8Array(n)), (b) => b.toString(16).padStart(2, "0")).join("");
  const me = { playerID: "G:mock-" + hex(6), displayName: params.get("name") ?? "Mock " + hex(2) };
  const channel = new BroadcastChannel("baifang-mock-host");
  let seeking = false;
  let peer = null; // {playerID, displayName}
  let lastHeard = 0;
  let peerAway = false;
  const log = (window.__mockHostLog = []);
  const MAX_UNDELIVERED = 256;
  const MATCH_SCOPED = ["matchFound", "matchFailed", "dataReceived", "playerStateChanged", "peerRating"];
  const coalescing = (type) => (type === "appBackground" || type === "appForeground" ? "lifecycle" : type === "networkChanged" ? "network" : null);
  const twice = params.get("replyTwice") === "1";
  // A crash reload hands the queue and the generation to the new page (sessionStorage
  // stands for the host process, which outlives its web content process).
  const session = typeof sessionStorage === "undefined" ? null : sessionStorage;
  const carried = JSON.parse(session?.getItem("mockHostCarry") || "null");
  session?.removeItem("mockHostCarry");
  const generation = carried ? carried.generation + 1 : 0;
  let nextEventId = carried ? carried.nextEventId : 1;
  let undelivered = carried ? carried.undelivered.filter((e) => !MATCH_SCOPED.includes(e.type)) : [];
  if (carried) log.push({ dir: "reload", generation, purged: carried.undelivered.length - undelivered.length });
  let paused = false;

  function emit(type, payload) {
    if (!EVENTS.includes(type)) throw new Error("mock host: unknown event " + type);
    const envelope = { id: nextEventId++, type, payload };
    const kind = coalescing(type);
    if (kind) undelivered = undelivered.filter((e) => coalescing(e.type) !== kind);
    undelivered.push(envelope);
    if (undelivered.length > MAX_UNDELIVERED) undelivered.splice(0, undelivered.length - MAX_UNDELIVERED);
    deliver();
  }
  function deliver() {
    while (!paused && undelivered.length && typeof window.__hostEvent === "function") {
      const envelope = undelivered.shift();
      log.push({ dir: "event", type: envelope.type, id: envelope.id });
      window.__hostEvent(envelope);
      if (twice) window.__hostEvent(envelope);
    }
  }
  // The page installs its listener when its online code starts; the host notices at the
  // page's next call (deliver() runs before every call).
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
    if (lifecycle && !document.hidden) gameKitAuthenticateHandler();
  });

  // GameKit's authenticate handler: run at launch and again on each return to the
  // foreground. A refusal shows the (modelled) alert only while it is allowed.
  const refusal = params.get("auth");
  let alertAllowed = true;
  window.__mockHostAlerts = 0;
  function gameKitAuthenticateHandler() {
    if (refusal !== "refused") return;
    if (alertAllowed) {
      alertAllowed = false;
      window.__mockHostAlerts += 1;
      log.push({ dir: "alert" });
    }
  }
  gameKitAuthenticateHandler();

  const handlers = {
    authenticate: () => {
      if (refusal === "hang") return NEVER;
      if (refusal) {
        // The player asked to sign in from the lobby: a refusal may be shown once more.
        alertAllowed = true;
        gameKitAuthenticateHandler();
        throw new Error(refusal + ": the mock host was told to fail sign-in");
      }
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
  const NEVER = {};
  window.webkit.messageHandlers.host = {
    // WKScriptMessageHandlerWithReply: postMessage returns a promise of the reply.
    postMessage(envelope) {
      deliver();
      return new Promise((resolve, reject) => {
        const { type, payload } = envelope || {};
        // BridgeReply: the first settle answers, any later one is logged and ignored.
        let settled = false;
        const settle = (fn, value) => {
          if (settled) { log.push({ dir: "second-reply-ignored", type }); return; }
          settled = true;
          fn(value);
        };
        if (!CALLS.includes(type)) { settle(reject, new Error("unknown call " + type)); return; }
        log.push({ dir: "call", type });
        let outcome;
        try { outcome = [resolve, handlers[type](payload || {})]; } catch (e) { outcome = [reject, e]; }
        if (outcome[1] === NEVER) return;
        settle(...outcome);
        if (twice) settle(...outcome);
      });
    },
  };
  window.__mockHost = {
    me, calls: CALLS, events: EVENTS, maxUndelivered: MAX_UNDELIVERED, generation,
    emit,
    pause() { paused = true; },
    resume() { paused = false; deliver(); },
    pending: () => undelivered.map((e) => e.type),
    foreground() { emit("appForeground", {}); gameKitAuthenticateHandler(); },
    crashReload() {
      // The dead page's match: the host leaves it (the peer sees the disconnect), and its
      // events still waiting are carried only to be purged by the new generation.
      if (peer) post({ t: "bye", from: me, to: peer.playerID });
      if (peer) undelivered.push({ id: nextEventId++, type: "dataReceived", payload: { playerID: peer.playerID, data: "{}" } });
      peer = null; seeking = false;
      session?.setItem("mockHostCarry", JSON.stringify({ generation, nextEventId, undelivered }));
      location.reload();
    },
  };
})();
