import GameKit
import UIKit

/// Game Center for the bridge: sign-in at launch, the calls of the match
/// lifecycle (delegated to `MatchmakingService` and `MatchSession`), and the leaderboard.
@MainActor
final class GameCenterService {
    enum AuthState {
        case pending
        case signedIn(PlayerInfo)
        case failed(SignInFailure, String)
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
    /// Called when the player refuses the sign-in, at most once per launch and once more
    /// after each sign-in the player asks for from the lobby: GameKit calls the
    /// authenticate handler again on every return to the foreground, and a player who
    /// tapped 好 must not see the alert each time.
    var onRefusedAtLaunch: (() -> Void)?

    /// How long a page's `authenticate` waits for GameKit before it is answered
    /// `unavailable` (GameKit may never call back: no network at the wrong moment, a
    /// sign-in controller that could not be shown).
    static let authenticateTimeout: TimeInterval = 45
    /// The detail of that answer; the page shows "Game Center did not answer" for it.
    static let noAnswerDetail = "Game Center did not answer"

    private(set) var authState: AuthState = .pending
    /// Waiting `authenticate` calls by ticket; each is answered once (outcome or time-out).
    private var authWaiters: [Int: (Result<PlayerInfo, BridgeError>) -> Void] = [:]
    private var nextWaiterTicket = 0
    private var listenerRegistered = false
    /// The refusal alert may be shown (once per launch; again after a lobby sign-in).
    private var refusalAlertAllowed = true
    /// A sign-in controller GameKit handed over that could not be shown yet.
    private var pendingSignInController: UIViewController?
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
        refusalAlertAllowed = true
        installAuthenticateHandler()
    }

    /// Starts a new sign-in attempt after a failure (the alert's 重试, or the page calling
    /// `authenticate` again). Setting the handler again makes GameKit try again; after
    /// repeated cancels iOS may answer at once without a sheet, and the player signs in
    /// under Settings > Game Center instead.
    func retrySignIn() {
        guard case .failed = authState else { return }
        authState = .pending
        installAuthenticateHandler()
    }

    private func installAuthenticateHandler() {
        GKLocalPlayer.local.authenticateHandler = { @Sendable [weak self] viewController, error in
            MainThread.run {
                self?.authenticationChanged(viewController: viewController, error: error)
            }
        }
    }

    /// The bridge call `authenticate`: answers at once when signed in, waits for GameKit
    /// while an attempt runs, and starts a new attempt after a failure.
    func authenticate(_ completion: @escaping (Result<PlayerInfo, BridgeError>) -> Void) {
        switch authState {
        case .signedIn(let player):
            completion(.success(player))
        case .pending:
            addWaiter(completion)
            if let controller = pendingSignInController {
                presentSignIn(controller)
            }
        case .failed:
            // The player asked to sign in from the lobby: a refusal may be shown once more.
            refusalAlertAllowed = true
            addWaiter(completion)
            retrySignIn()
        }
    }

    private func addWaiter(_ completion: @escaping (Result<PlayerInfo, BridgeError>) -> Void) {
        nextWaiterTicket += 1
        let ticket = nextWaiterTicket
        authWaiters[ticket] = completion
        DispatchQueue.main.asyncAfter(deadline: .now() + GameCenterService.authenticateTimeout) { [weak self] in
            guard let self, let waiter = self.authWaiters.removeValue(forKey: ticket) else { return }
            NSLog("[gamecenter] sign-in did not answer in %.0f s", GameCenterService.authenticateTimeout)
            waiter(.failure(.signIn(.unavailable, GameCenterService.noAnswerDetail)))
        }
    }

    /// Shows GameKit's sign-in controller through the safe-presentation helper; one that
    /// cannot be shown now (another sheet up, a transition running) fails the waiting
    /// calls and is kept for the page's next `authenticate`.
    private func presentSignIn(_ controller: UIViewController) {
        pendingSignInController = controller
        let started = SafePresentation.present(controller, from: presenter()) { [weak self] shown in
            guard let self else { return }
            if shown {
                if self.pendingSignInController === controller { self.pendingSignInController = nil }
            } else {
                self.settleWaiters(.failure(.notPresented("the Game Center sign-in")))
            }
        }
        if !started {
            settleWaiters(.failure(.notPresented("the Game Center sign-in")))
        }
    }

    private func authenticationChanged(viewController: UIViewController?, error: Error?) {
        if let viewController {
            // Not signed in yet: show the system sign-in sheet.
            presentSignIn(viewController)
            return
        }
        pendingSignInController = nil
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
            return
        }
        let (failure, detail) = GameCenterService.classify(error)
        guard let reason = failure else {
            // GameKit is still working on it (authentication in progress): keep waiting.
            return
        }
        NSLog("[gamecenter] sign-in did not succeed (%@): %@", reason.rawValue, detail)
        authState = .failed(reason, detail)
        session.end()
        settleWaiters(.failure(.signIn(reason, detail)))
        if reason == .refused && refusalAlertAllowed {
            refusalAlertAllowed = false
            onRefusedAtLaunch?()
        }
    }

    /// The sign-in outcome of a GameKit error: nil while authentication is in progress.
    /// Only a deliberate refusal is `refused`; being offline, a restricted account or an
    /// app Game Center does not know are reasons online play is unavailable, nothing more.
    nonisolated static func classify(_ error: Error?) -> (SignInFailure?, String) {
        guard let error else { return (.unavailable, "Game Center did not sign in") }
        let nsError = error as NSError
        let detail = error.localizedDescription
        if nsError.domain == NSURLErrorDomain {
            return (.offline, detail)
        }
        guard nsError.domain == GKErrorDomain, let code = GKError.Code(rawValue: nsError.code) else {
            return (.unavailable, detail)
        }
        if #available(iOS 17.4, *), code == .appUnlisted {
            // Not (yet) on the App Store: to the page, Game Center does not know the app.
            return (.unrecognized, detail)
        }
        switch code {
        case .authenticationInProgress:
            return (nil, detail)
        case .cancelled, .userDenied:
            return (.refused, detail)
        case .communicationsFailure, .connectionTimeout:
            return (.offline, detail)
        case .parentalControlsBlocked, .underage, .notAuthorized:
            return (.restricted, detail)
        case .gameUnrecognized, .notSupported:
            return (.unrecognized, detail)
        default:
            return (.unavailable, detail)
        }
    }

    private func settleWaiters(_ result: Result<PlayerInfo, BridgeError>) {
        let waiters = authWaiters.sorted { $0.key < $1.key }.map { $0.value }
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
