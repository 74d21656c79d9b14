import UIKit

/// The page's haptic event names (web/core/src/host/haptics.rs `Haptic::name`): what happened,
/// not how it should feel.
enum HapticStyle: String, Decodable {
    case light
    case success
    case medium
    case tick
    case bump
}

/// The Taptic Engine behind the page's haptic interface. Generators are
/// created once and prepared ahead (and again after each use) so feedback has no latency.
@MainActor
final class HapticsService {
    private let lightImpact = UIImpactFeedbackGenerator(style: .light)
    private let mediumImpact = UIImpactFeedbackGenerator(style: .medium)
    private let notification = UINotificationFeedbackGenerator()

    init() {
        prepare()
    }

    /// Wakes the Taptic Engine; it stays ready for a few seconds.
    func prepare() {
        lightImpact.prepare()
        mediumImpact.prepare()
        notification.prepare()
    }

    func play(_ style: HapticStyle) {
        switch style {
        case .light, .tick:
            // A stone placed or moved; each heartbeat of the last five seconds.
            lightImpact.impactOccurred()
            lightImpact.prepare()
        case .bump:
            // A refused move: the same light tap, softer.
            lightImpact.impactOccurred(intensity: 0.6)
            lightImpact.prepare()
        case .medium:
            // Entering or leaving capture mode.
            mediumImpact.impactOccurred()
            mediumImpact.prepare()
        case .success:
            // A formation: the system's double "success" pulse.
            notification.notificationOccurred(.success)
            notification.prepare()
        }
    }
}
