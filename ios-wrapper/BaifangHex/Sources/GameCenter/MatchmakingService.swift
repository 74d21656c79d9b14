import GameKit
import UIKit

/// Finding the opponent: quick match through `GKMatchmaker`, friend invites
/// through `GKMatchmakerViewController`, and invites accepted outside the app through the
/// local player listener. Every match found is handed to the `MatchSession`.
@MainActor
final class MatchmakingService: NSObject {
    /// How long a quick match searches before it gives up and tells the page
    /// (`matchFailed`); the player can search again from the lobby.
    static let searchTimeout: TimeInterval = 90

    weak var events: HostEventSink?
    var presenter: () -> UIViewController? = { nil }

    private let session: MatchSession
    /// Identifies the current quick-match search; completions of older ones are ignored.
    private var searchGeneration = 0
    private var searching = false
    private weak var matchmakerSheet: GKMatchmakerViewController?

    init(session: MatchSession) {
        self.session = session
        super.init()
    }

    /// Two players, player group 1 for the classic 5×5 game (the page sends the group).
    private func makeRequest(playerGroup: Int) -> GKMatchRequest {
        let request = GKMatchRequest()
        request.minPlayers = 2
        request.maxPlayers = 2
        request.defaultNumberOfPlayers = 2
        request.playerGroup = playerGroup
        request.inviteMessage = "来一局摆方？"
        return request
    }

    // MARK: Quick match

    /// Starts a quick match; the outcome arrives as `matchFound` or `matchFailed`.
    /// On iOS 17.2+ with a queue configured, the local rating is a matchmaking property so
    /// the queue's rules pair similar ratings; otherwise plain automatch.
    func findMatch(playerGroup: Int, rating: Double) {
        cancelSearch()
        session.end()
        let request = makeRequest(playerGroup: playerGroup)
        var ruleBased = false
        if #available(iOS 17.2, *), let queue = AppConfig.matchmakingQueue {
            request.queueName = queue
            request.properties = ["rating": rating]
            ruleBased = true
        }
        search(request, ruleBased: ruleBased, playerGroup: playerGroup)
    }

    private func search(_ request: GKMatchRequest, ruleBased: Bool, playerGroup: Int) {
        searchGeneration += 1
        let generation = searchGeneration
        searching = true
        GKMatchmaker.shared().findMatch(for: request) { @Sendable [weak self] match, error in
            MainThread.run {
                self?.searchEnded(generation: generation, match: match, error: error, ruleBased: ruleBased, playerGroup: playerGroup)
            }
        }
        DispatchQueue.main.asyncAfter(deadline: .now() + MatchmakingService.searchTimeout) { [weak self] in
            self?.searchTimedOut(generation)
        }
    }

    private func searchTimedOut(_ generation: Int) {
        guard generation == searchGeneration, searching else { return }
        cancelSearch()
        events?.emit(.matchFailed, MatchFailedPayload(message: "no opponent found"))
    }

    private func searchEnded(generation: Int, match: GKMatch?, error: Error?, ruleBased: Bool, playerGroup: Int) {
        guard generation == searchGeneration, searching else {
            // A search the page already cancelled or replaced.
            match?.disconnect()
            return
        }
        searching = false
        if let match {
            session.start(match)
            return
        }
        if let error, MatchmakingService.isCancellation(error) {
            events?.emit(.matchFailed, MatchFailedPayload(message: "cancelled"))
            return
        }
        if ruleBased {
            // The queue may be missing or misconfigured in App Store Connect: fall back to
            // plain automatch once rather than leaving the player without a game.
            NSLog("[matchmaking] rule-based search failed (%@); retrying without a queue", String(describing: error))
            search(makeRequest(playerGroup: playerGroup), ruleBased: false, playerGroup: playerGroup)
            return
        }
        events?.emit(.matchFailed, MatchFailedPayload(message: error?.localizedDescription ?? "no match found"))
    }

    // MARK: Friend invite

    /// Shows the system matchmaker sheet (friends, Messages, nearby); its outcome arrives
    /// as `matchFound` or `matchFailed`.
    func inviteFriend(playerGroup: Int) throws {
        guard let sheet = GKMatchmakerViewController(matchRequest: makeRequest(playerGroup: playerGroup)) else {
            throw BridgeError.gameKit("the matchmaker could not be created")
        }
        cancelSearch()
        try present(sheet)
    }

    /// Replaces any open matchmaker sheet with `sheet`.
    private func present(_ sheet: GKMatchmakerViewController) throws {
        if let open = matchmakerSheet {
            open.dismiss(animated: false)
            matchmakerSheet = nil
        }
        // Asked after the old sheet is gone, so it is never the presenter.
        guard let presenter = presenter() else { throw BridgeError.nothingToPresentFrom }
        sheet.matchmakerDelegate = self
        matchmakerSheet = sheet
        presenter.present(sheet, animated: true)
    }

    // MARK: Cancelling

    /// The page left matchmaking (or the match): stop the search and close the sheet.
    func cancel() {
        cancelSearch()
        matchmakerSheet?.dismiss(animated: true)
        matchmakerSheet = nil
    }

    private func cancelSearch() {
        guard searching else { return }
        searching = false
        searchGeneration += 1
        GKMatchmaker.shared().cancel()
    }

    nonisolated private static func isCancellation(_ error: Error) -> Bool {
        let nsError = error as NSError
        return nsError.domain == GKErrorDomain && nsError.code == GKError.Code.cancelled.rawValue
    }

    // MARK: Sheet outcome

    private func sheetFinished(_ sheet: GKMatchmakerViewController, match: GKMatch?, failure: String?) {
        sheet.dismiss(animated: true)
        if matchmakerSheet === sheet {
            matchmakerSheet = nil
        }
        if let match {
            session.start(match)
        } else if let failure {
            events?.emit(.matchFailed, MatchFailedPayload(message: failure))
        }
    }

    // MARK: Invites from outside the app

    private func acceptInvite(_ invite: GKInvite) {
        guard let sheet = GKMatchmakerViewController(invite: invite) else {
            events?.emit(.matchFailed, MatchFailedPayload(message: "the invitation is no longer valid"))
            return
        }
        cancelSearch()
        presentOrReport(sheet)
    }

    private func startRequested(with recipients: [GKPlayer]) {
        let request = makeRequest(playerGroup: 1)
        request.recipients = recipients
        guard let sheet = GKMatchmakerViewController(matchRequest: request) else { return }
        cancelSearch()
        presentOrReport(sheet)
    }

    private func presentOrReport(_ sheet: GKMatchmakerViewController) {
        do {
            try present(sheet)
        } catch {
            NSLog("[matchmaking] could not show the matchmaker: %@", String(describing: error))
        }
    }
}

extension MatchmakingService: GKMatchmakerViewControllerDelegate {
    nonisolated func matchmakerViewController(_ viewController: GKMatchmakerViewController, didFind match: GKMatch) {
        MainThread.run { [weak self] in
            self?.sheetFinished(viewController, match: match, failure: nil)
        }
    }

    nonisolated func matchmakerViewControllerWasCancelled(_ viewController: GKMatchmakerViewController) {
        MainThread.run { [weak self] in
            self?.sheetFinished(viewController, match: nil, failure: "cancelled")
        }
    }

    nonisolated func matchmakerViewController(_ viewController: GKMatchmakerViewController, didFailWithError error: Error) {
        let message = error.localizedDescription
        MainThread.run { [weak self] in
            self?.sheetFinished(viewController, match: nil, failure: message)
        }
    }
}

extension MatchmakingService: GKLocalPlayerListener {
    /// The local player accepted an invitation (a notification, Messages, Game Center):
    /// show the matchmaker in its invitation state until the match starts.
    nonisolated func player(_ player: GKPlayer, didAccept invite: GKInvite) {
        MainThread.run { [weak self] in
            self?.acceptInvite(invite)
        }
    }

    /// The player started a game with friends from outside the app (Game Center, Contacts).
    nonisolated func player(_ player: GKPlayer, didRequestMatchWithRecipients recipientPlayers: [GKPlayer]) {
        MainThread.run { [weak self] in
            self?.startRequested(with: recipientPlayers)
        }
    }
}
