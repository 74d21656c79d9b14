import AVFoundation
import UIKit

// The Xcode floor the README states: Xcode 16 (Swift 6 compiler, iOS 18 SDK). Under Xcode 15
// two of the WebKit/GameKit witnesses may not match their protocol requirements, and
// `GKError.Code.appUnlisted` needs the iOS 17.4 SDK; say so plainly instead of failing
// somewhere in the sources.
#if !compiler(>=6.0)
#error("BaifangHex needs Xcode 16 or newer (see ios-wrapper/README.md)")
#endif

/// The app entry point. The single window scene is set up by `SceneDelegate`.
@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        // The page's sounds (Web Audio in the web view) are feedback, not media: the ambient
        // category follows the ring/silent switch and mixes with the player's own music.
        try? AVAudioSession.sharedInstance().setCategory(.ambient, mode: .default, options: [.mixWithOthers])
        return true
    }

    func application(
        _ application: UIApplication,
        configurationForConnecting connectingSceneSession: UISceneSession,
        options: UIScene.ConnectionOptions
    ) -> UISceneConfiguration {
        let configuration = UISceneConfiguration(name: "Default Configuration", sessionRole: connectingSceneSession.role)
        configuration.delegateClass = SceneDelegate.self
        return configuration
    }
}
