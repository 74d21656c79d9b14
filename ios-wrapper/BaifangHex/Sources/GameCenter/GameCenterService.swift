import GameKit
import UIKit

/// Game Center for the bridge: sign-in at launch, the calls of the match
/// lifecycle (delegated to `MatchmakingService` and `MatchSession`), and the leaderboard.
@MainActor
final class GameCenterService {
    enum AuthState {
        case pending
        case signedIn(PlayerInfo)
        case refused
    }

    /// Where match events go (the bridge).
    weak var events: HostEventSink? {
        didSet {
            session.events = events
            matchmaking.events = events
        }
    }
    /// The view controller Game Center sheets are presented from.
    var presenter: () -> UIViewController? = { nil } {
        didSet { matchmaking.presenter = presenter }
    }
    /// Called once when the player refuses to sign in.
    var onRefused: (() -> Void)?

    private(set) var authState: AuthState = .pending
    private var authWaiters: [(Result<PlayerInfo, BridgeError>) -> Void] = []
    private var listenerRegistered = false
    private let session: MatchSession
    private let matchmaking: MatchmakingService

    init() {
        let session = MatchSession()
        self.session = session
        self.matchmaking = MatchmakingService(session: session)
    }

    // MARK: Sign-in

    /// Installs the authenticate handler. GameKit calls it with a sign-in view controller
    /// to present, or once the outcome is known (and again if it changes later).
    func authenticateAtLaunch() {
        GKLocalPlayer.local.authenticateHandler = { @Sendable [weak self] viewController, error in
            MainThread.run {
                self?.authenticationChanged(viewController: viewController, error: error)
            }
        }
    }

    /// The bridge call `authenticate`: answers at once when the outcome is known,
    /// otherwise when GameKit reports it.
    func authenticate(_ completion: @escaping (Result<PlayerInfo, BridgeError>) -> Void) {
        switch authState {
        case .signedIn(let player):
            completion(.success(player))
        case .refused:
            completion(.failure(.gameCenterRefused))
        case .pending:
            authWaiters.append(completion)
        }
    }

    private func authenticationChanged(viewController: UIViewController?, error: Error?) {
        if let viewController {
            // Not signed in yet: show the system sign-in sheet.
            presenter()?.present(viewController, animated: true)
            return
        }
        let local = GKLocalPlayer.local
        if local.isAuthenticated {
            let player = PlayerInfo(local)
            authState = .signedIn(player)
            if !listenerRegistered {
                // Invites accepted from outside the app arrive through the listener.
                local.register(matchmaking)
                listenerRegistered = true
            }
            settleWaiters(.success(player))
        } else {
            if let error {
                NSLog("[gamecenter] sign-in refused or failed: %@", String(describing: error))
            }
            let firstRefusal: Bool
            if case .refused = authState {
                firstRefusal = false
            } else {
                firstRefusal = true
            }
            authState = .refused
            session.end()
            settleWaiters(.failure(.gameCenterRefused))
            if firstRefusal {
                onRefused?()
            }
        }
    }

    private func settleWaiters(_ result: Result<PlayerInfo, BridgeError>) {
        let waiters = authWaiters
        authWaiters.removeAll()
        waiters.forEach { $0(result) }
    }

    private func requireSignIn() throws {
        guard GKLocalPlayer.local.isAuthenticated else { throw BridgeError.notAuthenticated }
    }

    // MARK: Match lifecycle (bridge calls)

    func findMatch(playerGroup: Int, rating: Double) throws {
        try requireSignIn()
        matchmaking.findMatch(playerGroup: playerGroup, rating: rating)
    }

    func inviteFriend(playerGroup: Int) throws {
        try requireSignIn()
        try matchmaking.inviteFriend(playerGroup: playerGroup)
    }

    func sendData(_ text: String) throws {
        try session.send(text)
    }

    /// Ends whatever is in progress: a search, an open matchmaker sheet, or the match.
    func disconnect() {
        matchmaking.cancel()
        session.end()
    }

    // MARK: Leaderboard

    /// Submits the rating (rounded) to the leaderboard after a rated game.
    func submitScore(rating: Double, completion: @escaping (BridgeError?) -> Void) throws {
        try requireSignIn()
        GKLeaderboard.submitScore(
            rating.wholeNumber,
            context: 0,
            player: GKLocalPlayer.local,
            leaderboardIDs: [AppConfig.leaderboardID]
        ) { @Sendable error in
            let failure = error.map { BridgeError.gameKit($0.localizedDescription) }
            MainThread.run {
                completion(failure)
            }
        }
    }
}
