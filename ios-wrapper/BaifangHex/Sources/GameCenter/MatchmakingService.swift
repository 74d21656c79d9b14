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
    /// How long an invite flow may wait for its matchmaker sheet to appear before the page
    /// is told (`matchFailed`) instead of waiting for ever.
    static let sheetAppearTimeout: TimeInterval = 10

    weak var events: HostEventSink?
    var presenter: () -> UIViewController? = { nil }

    private let session: MatchSession
    /// Identifies the current quick-match search; completions of older ones are ignored.
    private var searchGeneration = 0
    private var searching = false
    /// The current matchmaker sheet. Only its result may start a match: a result of a sheet
    /// the page already cancelled or replaced is disconnected.
    private weak var matchmakerSheet: GKMatchmakerViewController?
    /// Raised for every sheet presented; the appear time-out of an older one does nothing.
    private var sheetGeneration = 0

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
        closeSheet()
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
        // Friends only: an invite must never fall into automatch with a stranger.
        sheet.matchmakingMode = .inviteOnly
        cancelSearch()
        present(sheet)
    }

    /// Replaces any open matchmaker sheet with `sheet`, through the safe-presentation
    /// helper. The outcome arrives as events: a sheet that could not be shown, or did not
    /// appear within `sheetAppearTimeout`, ends in `matchFailed`.
    private func present(_ sheet: GKMatchmakerViewController) {
        closeSheet(animated: false)
        sheet.matchmakerDelegate = self
        matchmakerSheet = sheet
        sheetGeneration += 1
        let generation = sheetGeneration
        let started = SafePresentation.present(sheet, from: presenter()) { [weak self, weak sheet] shown in
            guard let self, let sheet, !shown, self.matchmakerSheet === sheet else { return }
            self.sheetNeverAppeared(sheet)
        }
        guard started else {
            sheetNeverAppeared(sheet)
            return
        }
        DispatchQueue.main.asyncAfter(deadline: .now() + MatchmakingService.sheetAppearTimeout) { [weak self, weak sheet] in
            guard let self, let sheet, generation == self.sheetGeneration, self.matchmakerSheet === sheet,
                  sheet.presentingViewController == nil else { return }
            self.sheetNeverAppeared(sheet)
        }
    }

    private func sheetNeverAppeared(_ sheet: GKMatchmakerViewController) {
        NSLog("[matchmaking] the matchmaker sheet could not be shown")
        sheet.matchmakerDelegate = nil
        if matchmakerSheet === sheet {
            matchmakerSheet = nil
        }
        events?.emit(.matchFailed, MatchFailedPayload(message: "the invitation sheet could not be shown"))
    }

    /// Closes the open matchmaker sheet, if any; its later results count as stale.
    private func closeSheet(animated: Bool = true) {
        guard let open = matchmakerSheet else { return }
        matchmakerSheet = nil
        open.dismiss(animated: animated)
    }

    // MARK: Cancelling

    /// The page left matchmaking (or the match): stop the search and close the sheet.
    func cancel() {
        cancelSearch()
        closeSheet()
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
        guard matchmakerSheet === sheet else {
            // A sheet the page already cancelled or replaced: its match is not wanted.
            match?.disconnect()
            return
        }
        matchmakerSheet = nil
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
        present(sheet)
    }

    private func startRequested(with recipients: [GKPlayer]) {
        let request = makeRequest(playerGroup: 1)
        request.recipients = recipients
        guard let sheet = GKMatchmakerViewController(matchRequest: request) else { return }
        sheet.matchmakingMode = .inviteOnly
        cancelSearch()
        present(sheet)
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
