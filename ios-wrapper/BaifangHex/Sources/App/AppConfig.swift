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

    private static func infoString(_ key: String) -> String? {
        guard let value = Bundle.main.object(forInfoDictionaryKey: key) as? String else { return nil }
        let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? nil : trimmed
    }
}
