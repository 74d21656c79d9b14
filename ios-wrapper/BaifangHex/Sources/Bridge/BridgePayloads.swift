import Foundation

// Typed payloads of the bridge messages, one struct per message type that carries fields,
// named `<Type>Payload` after the message type (the contract check compares their fields
// with web/host-bridge/messages.json). Numbers arrive from JavaScript as doubles, so number
// fields are `Double` and converted where an integer is meant.

/// `{}`: the payload of calls and events without fields, and the reply of most calls.
struct EmptyPayload: Codable {}

/// A Game Center player as the page sees it (also the reply of `authenticate`).
struct PlayerInfo: Codable, Equatable {
    let playerID: String
    let displayName: String
}

/// `pageConfig` in messages.json: set on `window.__hostConfig` before the page loads.
struct HostConfig: Encodable {
    /// Where the web build is published (share links start with it); empty when the app
    /// was built without one, and the page then offers no share links.
    let publicBaseURL: String
}

// MARK: Calls (page -> host)

struct FindMatchPayload: Decodable {
    let playerGroup: Double
    let rating: Double
}

struct InviteFriendPayload: Decodable {
    let playerGroup: Double
}

struct SendDataPayload: Decodable {
    /// One packet: UTF-8 JSON text, sent to the peer as is.
    let data: String
}

struct SubmitScorePayload: Decodable {
    let rating: Double
}

struct HapticPayload: Decodable {
    let style: HapticStyle
}

struct SharePayload: Decodable {
    /// `link`: `text` is a URL to share; `file`: `text` is the contents of a file named `name`.
    let kind: ShareKind
    /// The level's title (link) or the file name (file).
    let name: String
    let text: String
}

enum ShareKind: String, Decodable {
    case link
    case file
    case text
}

// MARK: Replies (host -> page, the resolved value of a call)

/// The reply of `share`, sent when the share sheet closes.
struct ShareReply: Encodable {
    /// The player picked a destination (false: the sheet was dismissed).
    let completed: Bool
}

// MARK: Events (host -> page)

struct MatchFoundPayload: Encodable {
    /// The remote players of the match (one in a two-player match).
    let players: [PlayerInfo]
}

struct MatchFailedPayload: Encodable {
    let message: String
}

struct DataReceivedPayload: Encodable {
    let playerID: String
    let data: String
}

struct PlayerStateChangedPayload: Encodable {
    let playerID: String
    let state: PeerConnectionState
}

struct NetworkChangedPayload: Encodable {
    /// This device can reach the network (false also when the match failed as a whole).
    let online: Bool
}

struct PeerRatingPayload: Encodable {
    let playerID: String
    /// The peer's score on the rating leaderboard.
    let rating: Double
}

enum PeerConnectionState: String, Encodable {
    case connected
    case disconnected
}

extension Double {
    /// A whole number from a JavaScript number (player groups are small integers).
    var wholeNumber: Int {
        guard isFinite, abs(self) < 1e15 else { return 0 }
        return Int(rounded())
    }
}
