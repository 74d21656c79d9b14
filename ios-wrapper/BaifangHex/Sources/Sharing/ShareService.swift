import UIKit

/// The `share` bridge call: the system share sheet (`UIActivityViewController`) for a share
/// link or an exported level file. WKWebView ignores the page's blob downloads
/// (`<a download>`), so files leave the app through the sheet (Save to Files, AirDrop, Mail…).
@MainActor
final class ShareService: NSObject {
    /// The view controller the sheet is presented from.
    var presenter: () -> UIViewController? = { nil }

    private weak var openSheet: UIActivityViewController?
    /// Temporary copies of shared files, removed when their sheet closes.
    private var temporaryFiles: [URL] = []

    /// Shows the sheet; `completion` gets whether the player picked a destination.
    func share(_ payload: SharePayload, completion: @escaping (Result<Bool, BridgeError>) -> Void) throws {
        guard openSheet == nil else { throw BridgeError.shareBusy }
        guard let presenter = presenter() else { throw BridgeError.nothingToPresentFrom }
        let item: Any
        switch payload.kind {
        case .link:
            guard let url = URL(string: payload.text), let scheme = url.scheme?.lowercased(),
                  scheme == "https" || scheme == "http" else {
                throw BridgeError.badPayload(.share, "a link must be an http(s) URL, got \(payload.text.prefix(80))")
            }
            item = url
        case .file:
            item = try writeTemporaryFile(named: payload.name, contents: payload.text)
        }
        let sheet = UIActivityViewController(activityItems: [item], applicationActivities: nil)
        if payload.kind == .link {
            sheet.setValue(payload.name, forKey: "subject")
        }
        sheet.completionWithItemsHandler = { [weak self] _, completed, _, _ in
            MainThread.run {
                self?.sheetClosed()
                completion(.success(completed))
            }
        }
        // iPad-style popovers need an anchor; on iPhone this is ignored.
        sheet.popoverPresentationController?.sourceView = presenter.view
        openSheet = sheet
        presenter.present(sheet, animated: true)
    }

    private func writeTemporaryFile(named name: String, contents: String) throws -> URL {
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
            temporaryFiles.append(folder)
            return file
        } catch {
            throw BridgeError.fileWrite("could not write \(plain): \(error.localizedDescription)")
        }
    }

    private func sheetClosed() {
        openSheet = nil
        for folder in temporaryFiles {
            try? FileManager.default.removeItem(at: folder)
        }
        temporaryFiles.removeAll()
    }
}
