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
}

/// Events from the host to the page, delivered through `window.__hostEvent(envelope)`.
enum BridgeEvent: String, CaseIterable {
    case matchFound
    case matchFailed
    case dataReceived
    case playerStateChanged
    case appBackground
    case appForeground
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

/// Builds the outgoing envelope `{id, type, payload}` as Foundation objects, the form both
/// the reply handler and `callAsyncJavaScript` arguments accept.
enum BridgeJSON {
    static func envelope<P: Encodable>(id: Int, type: String, payload: P) throws -> [String: Any] {
        let data = try JSONEncoder().encode(payload)
        let object = try JSONSerialization.jsonObject(with: data, options: [])
        return ["id": id, "type": type, "payload": object]
    }
}

/// Why a call failed; the text reaches the page as the rejection of its postMessage promise.
enum BridgeError: Error, CustomStringConvertible {
    case malformedMessage(String)
    case unknownCall(String)
    case badPayload(BridgeCall, String)
    case notMainFrame
    case notAuthenticated
    case gameCenterRefused
    case noActiveMatch
    case nothingToPresentFrom
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
        case .gameCenterRefused:
            return "本游戏为纯线上对战，需开启 Game Center"
        case .noActiveMatch:
            return "no active match"
        case .nothingToPresentFrom:
            return "no view controller to present from"
        case .gameKit(let message):
            return message
        }
    }
}
