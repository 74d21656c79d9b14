import GameKit

/// The one running `GKMatch`. GameKit does not retain the match, so this
/// holds the strong reference from the moment it is found until `end()`. Delegate
/// callbacks become bridge events; the match protocol itself (packets, verification,
/// the 15 s grace, settlement) lives in the page.
@MainActor
final class MatchSession: NSObject {
    /// How long a found match waits for its peer to connect before it is given up and the
    /// page is told (`matchFailed`), so the lobby never waits forever.
    static let connectTimeout: TimeInterval = 20

    weak var events: HostEventSink?

    private(set) var match: GKMatch?
    /// `matchFound` was sent for the current match.
    private var announced = false
    /// Identifies the current match's connect wait; a timer of an older one does nothing.
    private var connectGeneration = 0

    /// Takes over a found match (replacing any previous one). It is announced to the page
    /// once every expected player is connected, or given up after `connectTimeout`.
    func start(_ newMatch: GKMatch) {
        end()
        match = newMatch
        announced = false
        newMatch.delegate = self
        announceIfReady()
        if !announced {
            let generation = connectGeneration
            DispatchQueue.main.asyncAfter(deadline: .now() + MatchSession.connectTimeout) { [weak self] in
                self?.connectTimedOut(generation)
            }
        }
    }

    private func connectTimedOut(_ generation: Int) {
        guard generation == connectGeneration, match != nil, !announced else { return }
        end()
        events?.emit(.matchFailed, MatchFailedPayload(message: "the opponent never connected"))
    }

    /// Sends one packet to the peer, reliably and in order (the page's session drops nothing
    /// and checks every sequence number).
    func send(_ text: String) throws {
        guard let match, announced else { throw BridgeError.noActiveMatch }
        do {
            try match.send(Data(text.utf8), to: match.players, dataMode: .reliable)
        } catch {
            throw BridgeError.gameKit(error.localizedDescription)
        }
    }

    /// Leaves the match and releases it (`match.disconnect()` once the match is over).
    func end() {
        connectGeneration += 1
        guard let match else { return }
        match.delegate = nil
        match.disconnect()
        self.match = nil
        announced = false
    }

    private func announceIfReady() {
        guard let match, !announced, match.expectedPlayerCount == 0 else { return }
        announced = true
        events?.emit(.matchFound, MatchFoundPayload(players: match.players.map { PlayerInfo($0) }))
        reportPeerRatings(in: match)
    }

    /// The peers' scores on the rating leaderboard, as `peerRating` events: the
    /// page trusts them over the rating a peer claims for itself. Nothing is
    /// sent when Game Center has no score (or cannot be asked).
    private func reportPeerRatings(in source: GKMatch) {
        let players = source.players
        GKLeaderboard.loadLeaderboards(IDs: [AppConfig.leaderboardID]) { @Sendable leaderboards, _ in
            guard let leaderboard = leaderboards?.first else { return }
            leaderboard.loadEntries(for: players, timeScope: .allTime) { @Sendable _, entries, _ in
                let scores = (entries ?? []).map { ($0.player.gamePlayerID, Double($0.score)) }
                MainThread.run { [weak self] in
                    guard let self, source === self.match else { return }
                    for (playerID, rating) in scores {
                        self.events?.emit(.peerRating, PeerRatingPayload(playerID: playerID, rating: rating))
                    }
                }
            }
        }
    }

    // MARK: Delegate callbacks, on the main actor

    private func received(_ data: Data, from player: GKPlayer, in source: GKMatch) {
        guard source === match else { return }
        // Forwarded even if not valid UTF-8 (replacement characters): the page's protocol
        // rejects a packet it cannot parse as tampering, which is the right outcome.
        let text = String(decoding: data, as: UTF8.self)
        events?.emit(.dataReceived, DataReceivedPayload(playerID: player.gamePlayerID, data: text))
    }

    private func player(_ player: GKPlayer, changedTo state: GKPlayerConnectionState, in source: GKMatch) {
        guard source === match else { return }
        switch state {
        case .connected:
            if announced {
                events?.emit(.playerStateChanged, PlayerStateChangedPayload(playerID: player.gamePlayerID, state: .connected))
            } else {
                announceIfReady()
            }
        case .disconnected:
            if announced {
                events?.emit(.playerStateChanged, PlayerStateChangedPayload(playerID: player.gamePlayerID, state: .disconnected))
            } else {
                // The opponent left before the match started: there is no match.
                end()
                events?.emit(.matchFailed, MatchFailedPayload(message: "the opponent left before the match started"))
            }
        default:
            break
        }
    }

    private func failed(_ error: Error?, in source: GKMatch) {
        guard source === match else { return }
        let message = error?.localizedDescription ?? "the match failed"
        if announced {
            // Mid-game failure: every peer is gone at once, which the page treats as
            // its own network failing (it then never wins by disconnect); its grace
            // and disconnect rules decide the rest.
            events?.emit(.networkChanged, NetworkChangedPayload(online: false))
            for player in source.players {
                events?.emit(.playerStateChanged, PlayerStateChangedPayload(playerID: player.gamePlayerID, state: .disconnected))
            }
        } else {
            end()
            events?.emit(.matchFailed, MatchFailedPayload(message: message))
        }
    }
}

extension MatchSession: GKMatchDelegate {
    nonisolated func match(_ match: GKMatch, didReceive data: Data, fromRemotePlayer player: GKPlayer) {
        MainThread.run { [weak self] in
            self?.received(data, from: player, in: match)
        }
    }

    nonisolated func match(_ match: GKMatch, player: GKPlayer, didChange state: GKPlayerConnectionState) {
        MainThread.run { [weak self] in
            self?.player(player, changedTo: state, in: match)
        }
    }

    nonisolated func match(_ match: GKMatch, didFailWithError error: Error?) {
        MainThread.run { [weak self] in
            self?.failed(error, in: match)
        }
    }

    /// Two-player matches only: GameKit tries to bring a disconnected peer back, which is
    /// what the page's 15 s disconnect grace waits for.
    nonisolated func match(_ match: GKMatch, shouldReinviteDisconnectedPlayer player: GKPlayer) -> Bool {
        true
    }
}
