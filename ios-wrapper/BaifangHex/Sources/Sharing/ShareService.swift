import UIKit

/// The `share` bridge call: the system share sheet (`UIActivityViewController`) for a share
/// link, an exported level file, or a text (a daily puzzle's result card). WKWebView ignores the page's blob downloads
/// (`<a download>`), so files leave the app through the sheet (Save to Files, AirDrop, Mail…).
///
/// The call settles, and the temporary copy of a file is deleted, only when the sheet is
/// really gone: `completionWithItemsHandler` also runs when the player backs out of one
/// activity (Save to Files' own cancel) while the sheet stays open, and deleting then left
/// a later "Save to Files" with nothing to save.
@MainActor
final class ShareService: NSObject {
    /// The view controller the sheet is presented from.
    var presenter: () -> UIViewController? = { nil }

    private weak var openSheet: UIActivityViewController?

    /// Shows the sheet; `completion` gets whether the player picked a destination, once.
    func share(_ payload: SharePayload, completion: @escaping (Result<Bool, BridgeError>) -> Void) throws {
        guard openSheet == nil else { throw BridgeError.shareBusy }
        let item: ShareItem
        var folder: URL?
        switch payload.kind {
        case .link:
            guard let url = URL(string: payload.text), let scheme = url.scheme?.lowercased(),
                  scheme == "https" || scheme == "http" else {
                throw BridgeError.badPayload(.share, "a link must be an http(s) URL, got \(payload.text.prefix(80))")
            }
            item = ShareItem(item: url, subject: payload.name)
        case .file:
            let written = try writeTemporaryFile(named: payload.name, contents: payload.text)
            folder = written.folder
            item = ShareItem(item: written.file, subject: payload.name)
        case .text:
            item = ShareItem(item: payload.text, subject: payload.name)
        }
        var settled = false
        let finish: (Result<Bool, BridgeError>) -> Void = { [weak self] result in
            guard !settled else { return }
            settled = true
            self?.openSheet = nil
            if let folder {
                try? FileManager.default.removeItem(at: folder)
            }
            completion(result)
        }
        let sheet = UIActivityViewController(activityItems: [item], applicationActivities: nil)
        sheet.completionWithItemsHandler = { activityType, completed, _, _ in
            MainThread.run {
                // Backing out of one activity (completed false, an activity named) leaves
                // the sheet open: wait. Done, or dismissed with no activity: gone.
                guard completed || activityType == nil else { return }
                finish(.success(completed))
            }
        }
        let started = SafePresentation.present(sheet, from: presenter()) { shown in
            if !shown {
                finish(.failure(.notPresented("the share sheet")))
            }
        }
        guard started else {
            finish(.failure(.notPresented("the share sheet")))
            return
        }
        openSheet = sheet
    }

    private func writeTemporaryFile(named name: String, contents: String) throws -> (folder: URL, file: URL) {
        // Only a plain file name: no folders, nothing hidden.
        let plain = name.split(separator: "/").last.map(String.init) ?? ""
        guard !plain.isEmpty, !plain.hasPrefix("."), plain.count <= 120 else {
            throw BridgeError.badPayload(.share, "not a plain file name: \(name.prefix(80))")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("share-\(UUID().uuidString)", isDirectory: true)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let file = folder.appendingPathComponent(plain)
            try Data(contents.utf8).write(to: file, options: .atomic)
            return (folder, file)
        } catch {
            try? FileManager.default.removeItem(at: folder)
            throw BridgeError.fileWrite("could not write \(plain): \(error.localizedDescription)")
        }
    }
}

/// What the sheet shares, with its subject (Mail's subject line) through the documented
/// `UIActivityItemSource` rather than a private key of the controller.
final class ShareItem: NSObject, UIActivityItemSource {
    private let item: Any
    private let subject: String

    init(item: Any, subject: String) {
        self.item = item
        self.subject = subject
        super.init()
    }

    func activityViewControllerPlaceholderItem(_ activityViewController: UIActivityViewController) -> Any {
        item
    }

    func activityViewController(_ activityViewController: UIActivityViewController, itemForActivityType activityType: UIActivity.ActivityType?) -> Any? {
        item
    }

    func activityViewController(_ activityViewController: UIActivityViewController, subjectForActivityType activityType: UIActivity.ActivityType?) -> String {
        subject
    }
}
