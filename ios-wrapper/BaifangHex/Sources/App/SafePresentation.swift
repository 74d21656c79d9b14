import UIKit

/// The one way the host puts a controller on screen (the Game Center sign-in controller,
/// the matchmaker sheet, alerts, the share sheet). UIKit silently refuses to present from a
/// controller that already presents another or is mid-transition (it only logs a warning),
/// which left a call waiting for ever; here such a presentation does not happen and the
/// caller is told, so it can fail the call (or send `matchFailed`).
@MainActor
enum SafePresentation {
    /// Presents `controller` from the top-most controller above `root`. Returns false,
    /// presenting nothing, when there is no root, when any controller on the way is being
    /// presented or dismissed, when `controller` is already on screen, or when the root is
    /// not in a window. `completion` runs once the presentation has finished, with whether
    /// the controller really is on screen then.
    @discardableResult
    static func present(
        _ controller: UIViewController,
        from root: UIViewController?,
        completion: ((Bool) -> Void)? = nil
    ) -> Bool {
        guard let root, root.viewIfLoaded?.window != nil else { return false }
        guard controller.presentingViewController == nil, !controller.isBeingPresented else { return false }
        var top = root
        while let presented = top.presentedViewController {
            if presented.isBeingPresented || presented.isBeingDismissed { return false }
            top = presented
        }
        if top.isBeingPresented || top.isBeingDismissed || top.transitionCoordinator != nil { return false }
        // iPad-style popovers need an anchor; on iPhone this is ignored.
        if let popover = controller.popoverPresentationController, popover.sourceView == nil {
            popover.sourceView = top.view
            popover.sourceRect = CGRect(x: top.view.bounds.midX, y: top.view.bounds.midY, width: 0, height: 0)
        }
        top.present(controller, animated: true) { [weak controller] in
            completion?(controller?.presentingViewController != nil)
        }
        return true
    }
}
