import UIKit

/// A player who refuses Game Center sign-in is told the game is online only,
/// and the app closes when the alert is acknowledged.
enum GameCenterRequiredAlert {
    static let message = "本游戏为纯线上对战，需开启 Game Center"

    @MainActor
    static func present(from presenter: UIViewController) {
        let alert = UIAlertController(title: nil, message: message, preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "退出", style: .default) { _ in
            // The product decision is that the app leaves here. iOS has no public quit API; exit(0) after the
            // player acknowledged is the closest equivalent.
            exit(0)
        })
        presenter.present(alert, animated: true)
    }
}
