import UIKit

/// Shown once when the player refuses the Game Center sign-in offered at launch: online
/// play needs Game Center. The app stays open (Apple's guidelines forbid an app quitting
/// itself): hot-seat, vs-AI and Hex Stroke need no account, and 重试 starts a new sign-in.
enum GameCenterRequiredAlert {
    static let message = "本游戏为纯线上对战，需开启 Game Center"
    static let detail = "人机对战、同屏对战和六边一笔无需登录。也可在 设置 > Game Center 中登录。"

    /// Returns false when the alert could not be shown (another controller is up or in
    /// transition); it is then not queued: the page's own notice says the same.
    @MainActor
    @discardableResult
    static func present(from presenter: UIViewController?, retry: @escaping () -> Void) -> Bool {
        let alert = UIAlertController(title: message, message: detail, preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "重试", style: .default) { _ in retry() })
        alert.addAction(UIAlertAction(title: "好", style: .cancel))
        return SafePresentation.present(alert, from: presenter)
    }
}
