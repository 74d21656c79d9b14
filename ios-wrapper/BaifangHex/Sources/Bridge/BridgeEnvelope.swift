import Foundation

// The bridge message set. `web/host-bridge/messages.json` is the one definition; the raw
// values below must equal its "calls" and "events" keys, no more and no less
// (`ios-wrapper/check/check-swift.mjs` compares them in the test command).

/// Calls from the page to the host. Each call is answered once, by id, through the
/// script message reply (`WKScriptMessageHandlerWithReply`).
enum BridgeCall: String, CaseIterable {
    case authenticate
    case findMatch
    case inviteFriend
    case sendData
    case disconnect
    case submitScore
    case haptic
    case share
}

/// Events from the host to the page, delivered through `window.__hostEvent(envelope)`.
enum BridgeEvent: String, CaseIterable {
    case matchFound
    case matchFailed
    case dataReceived
    case playerStateChanged
    case appBackground
    case appForeground
    case networkChanged
    case peerRating
}

/// One call from the page: the envelope `{id, type, payload}`.
struct IncomingCall {
    let id: Int
    let type: BridgeCall
    /// The payload object re-encoded as JSON; decoded per call type by `decodePayload`.
    let payloadJSON: Data

    /// Reads `WKScriptMessage.body` (a dictionary of Foundation objects).
    init(body: Any) throws {
        guard let envelope = body as? [String: Any] else {
            throw BridgeError.malformedMessage("the message body is not an object")
        }
        guard let id = envelope["id"] as? NSNumber else {
            throw BridgeError.malformedMessage("the envelope has no numeric id")
        }
        guard let typeName = envelope["type"] as? String else {
            throw BridgeError.malformedMessage("the envelope has no type")
        }
        guard let type = BridgeCall(rawValue: typeName) else {
            throw BridgeError.unknownCall(typeName)
        }
        let payload = envelope["payload"] ?? [String: Any]()
        guard payload is [String: Any], JSONSerialization.isValidJSONObject(payload) else {
            throw BridgeError.malformedMessage("the payload of \(typeName) is not a JSON object")
        }
        self.id = id.intValue
        self.type = type
        self.payloadJSON = try JSONSerialization.data(withJSONObject: payload, options: [])
    }

    func decodePayload<P: Decodable>(_ payloadType: P.Type) throws -> P {
        do {
            return try JSONDecoder().decode(payloadType, from: payloadJSON)
        } catch {
            throw BridgeError.badPayload(type, String(describing: error))
        }
    }
}

/// Foundation objects for WebKit: `object` is what a call's reply handler receives (the
/// reply payload itself, as messages.json states it per call), `envelope` is what an event
/// delivers to `window.__hostEvent` (`{id, type, payload}`).
enum BridgeJSON {
    static func object<P: Encodable>(_ payload: P) throws -> Any {
        let data = try JSONEncoder().encode(payload)
        return try JSONSerialization.jsonObject(with: data, options: [])
    }

    static func envelope<P: Encodable>(id: Int, type: String, payload: P) throws -> [String: Any] {
        return ["id": id, "type": type, "payload": try object(payload)]
    }
}

/// Why Game Center sign-in did not succeed: the codes of the `authenticate` call's
/// "errors" in messages.json. The page decides from the code what to show (only
/// `refused` says the game needs Game Center; every other code keeps the rest of the app
/// as it is and shows online play as unavailable, with the reason).
enum SignInFailure: String {
    /// The player cancelled the sign-in sheet (or declined Game Center).
    case refused
    /// No network, or Game Center could not be reached.
    case offline
    /// Parental controls, an underage or managed account.
    case restricted
    /// The app is not set up in App Store Connect (or not signed for Game Center).
    case unrecognized
    /// Any other reason Game Center did not sign in.
    case unavailable
}

/// Why a call failed; the text reaches the page as the rejection of its postMessage promise.
enum BridgeError: Error, CustomStringConvertible {
    case malformedMessage(String)
    case unknownCall(String)
    case badPayload(BridgeCall, String)
    case notMainFrame
    case notAuthenticated
    case signIn(SignInFailure, String)
    case noActiveMatch
    case shareBusy
    case fileWrite(String)
    case nothingToPresentFrom
    /// A sheet or alert could not be put on screen (another is up, or one is mid-transition).
    case notPresented(String)
    /// Game Center did not answer in time.
    case timedOut(String)
    case gameKit(String)

    var description: String {
        switch self {
        case .malformedMessage(let why):
            return "malformed message: \(why)"
        case .unknownCall(let name):
            return "unknown call type: \(name)"
        case .badPayload(let call, let why):
            return "bad payload for \(call.rawValue): \(why)"
        case .notMainFrame:
            return "messages from subframes are ignored"
        case .notAuthenticated:
            return "Game Center is not signed in"
        case .signIn(let failure, let detail):
            // "<code>: <detail>": the page reads the code before the first colon.
            return "\(failure.rawValue): \(detail)"
        case .shareBusy:
            return "a share sheet is already open"
        case .fileWrite(let why):
            return why
        case .noActiveMatch:
            return "no active match"
        case .nothingToPresentFrom:
            return "no view controller to present from"
        case .notPresented(let what):
            return "not presented: \(what) could not be shown"
        case .timedOut(let what):
            return what
        case .gameKit(let message):
            return message
        }
    }
}
