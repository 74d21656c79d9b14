import GameKit

extension PlayerInfo {
    /// `gamePlayerID` is stable for this game (and the `playerID` field of the match
    /// protocol's packets); the display name is what Game Center shows.
    init(_ player: GKPlayer) {
        self.init(playerID: player.gamePlayerID, displayName: player.displayName)
    }
}
