import UIKit

/// Creates the window with the web view and starts the app (Game Center sign-in first).
final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?
    private var composition: AppComposition?

    func scene(
        _ scene: UIScene,
        willConnectTo session: UISceneSession,
        options connectionOptions: UIScene.ConnectionOptions
    ) {
        guard let windowScene = scene as? UIWindowScene else { return }
        let composition = AppComposition()
        let window = UIWindow(windowScene: windowScene)
        window.backgroundColor = Theme.background
        window.rootViewController = composition.webViewController
        window.makeKeyAndVisible()
        self.window = window
        self.composition = composition
        composition.start()
    }
}
