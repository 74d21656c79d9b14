import UIKit

/// The few native colours; they match the page's palette so no frame flashes white.
enum Theme {
    /// #F4F4F6, the global background (also the launch screen's `LaunchBackground` colour).
    static let background = UIColor(red: 0xF4 / 255.0, green: 0xF4 / 255.0, blue: 0xF6 / 255.0, alpha: 1)
}
