import Foundation

/// Game Center identifiers, read from Info.plist (set in ios-wrapper/project.yml) so they
/// can change with the App Store Connect setup without touching code.
enum AppConfig {
    /// The leaderboard the rating is submitted to after rated games.
    static var leaderboardID: String {
        infoString("BaifangLeaderboardID") ?? "baifang.rating"
    }

    /// The App Store Connect matchmaking queue for rule-based quick matches (iOS 17.2+).
    /// Empty or missing: every quick match uses plain automatch.
    static var matchmakingQueue: String? {
        infoString("BaifangMatchmakingQueue")
    }

    /// Where the web build is published, for share links (`<base>#play=<code>`, `<base>#pack=<code>`): the page's
    /// own `app://localhost/` address opens nowhere outside the app. From the build setting
    /// `BAIFANG_PUBLIC_BASE_URL` (Signing.xcconfig / Local.xcconfig). Missing or not an
    /// http(s) URL: nil, and the page offers no share links.
    static var publicBaseURL: String? {
        guard let value = infoString("BaifangPublicBaseURL") else { return nil }
        guard let url = URL(string: value), let scheme = url.scheme?.lowercased(),
              scheme == "https" || scheme == "http", url.host != nil else {
            NSLog("[config] BaifangPublicBaseURL %@ is not an http(s) URL; share links are off", value)
            return nil
        }
        return value
    }

    private static func infoString(_ key: String) -> String? {
        guard let value = Bundle.main.object(forInfoDictionaryKey: key) as? String else { return nil }
        let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? nil : trimmed
    }
}
