import WebKit

/// Serves the bundled web build on `app://localhost/…`. WebKit refuses to fetch wasm (and
/// module scripts and workers) from `file://`; a custom scheme gives the page a real origin
/// with same-origin fetches. Files are read synchronously (memory-mapped) inside
/// `webView(_:start:)`, so a task is always finished before WebKit could stop it.
@MainActor
final class BundleSchemeHandler: NSObject, WKURLSchemeHandler {
    static let scheme = "app"
    static let host = "localhost"
    static let startURL = URL(string: "app://localhost/index.html")!

    private let root: WebRoot

    init(root: WebRoot = .bundled()) {
        self.root = root
        super.init()
    }

    func webView(_ webView: WKWebView, start urlSchemeTask: WKURLSchemeTask) {
        guard let url = urlSchemeTask.request.url else {
            urlSchemeTask.didFailWithError(URLError(.badURL))
            return
        }
        guard url.scheme == BundleSchemeHandler.scheme, url.host == BundleSchemeHandler.host else {
            respond(urlSchemeTask, url: url, status: 403, text: "Forbidden")
            return
        }
        switch root.resolve(path: url.path) {
        case .file(let fileURL):
            do {
                let body = try Data(contentsOf: fileURL, options: .mappedIfSafe)
                let type = MimeTypes.contentType(forPathExtension: fileURL.pathExtension)
                respond(urlSchemeTask, url: url, status: 200, contentType: type, body: body)
            } catch {
                respond(urlSchemeTask, url: url, status: 500, text: "Unreadable file")
            }
        case .notFound:
            respond(urlSchemeTask, url: url, status: 404, text: "Not found")
        case .forbidden:
            respond(urlSchemeTask, url: url, status: 403, text: "Forbidden")
        }
    }

    func webView(_ webView: WKWebView, stop urlSchemeTask: WKURLSchemeTask) {
        // Nothing in flight: every task is answered synchronously in `start`.
    }

    private func respond(_ task: WKURLSchemeTask, url: URL, status: Int, text: String) {
        respond(task, url: url, status: status, contentType: "text/plain; charset=utf-8", body: Data(text.utf8))
    }

    private func respond(_ task: WKURLSchemeTask, url: URL, status: Int, contentType: String, body: Data) {
        let headers = [
            "Content-Type": contentType,
            "Content-Length": String(body.count),
            "Cache-Control": "no-cache",
        ]
        guard let response = HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers) else {
            task.didFailWithError(URLError(.cannotParseResponse))
            return
        }
        task.didReceive(response)
        task.didReceive(body)
        task.didFinish()
    }
}
