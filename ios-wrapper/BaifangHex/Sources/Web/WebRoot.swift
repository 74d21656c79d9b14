import Foundation

/// Maps request paths of the custom scheme onto files of the bundled web build.
/// Pure path logic (no WebKit), so every rule is in one place:
/// - `/` and directories serve their `index.html`;
/// - an existing file is served;
/// - an unknown path without a file extension is an app route and gets `index.html`;
/// - an unknown path with an extension (a missing asset) is a 404;
/// - `..`, `.`, hidden names, backslashes and anything resolving outside the root are refused.
struct WebRoot {
    enum Resolution: Equatable {
        case file(URL)
        case notFound
        case forbidden
    }

    let rootURL: URL
    private let rootPath: String

    init(rootURL: URL) {
        let resolved = rootURL.standardizedFileURL.resolvingSymlinksInPath()
        self.rootURL = resolved
        self.rootPath = resolved.path
    }

    /// The web build copied into the app by `ios-wrapper/scripts/bundle-web.sh`.
    static func bundled(in bundle: Bundle = .main) -> WebRoot {
        let base = bundle.resourceURL ?? bundle.bundleURL
        return WebRoot(rootURL: base.appendingPathComponent("Web", isDirectory: true))
    }

    /// `path` is the request URL's percent-decoded path (`URL.path`).
    func resolve(path: String) -> Resolution {
        let components = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        for component in components where !WebRoot.isPlainName(component) {
            return .forbidden
        }
        if components.isEmpty {
            return existingFile(rootURL.appendingPathComponent("index.html")) ?? .notFound
        }
        // Built from plain names only, so the candidate lies under the root by construction.
        let candidate = components.reduce(rootURL) { url, name in url.appendingPathComponent(name) }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory) {
            if isDirectory.boolValue {
                return existingFile(candidate.appendingPathComponent("index.html")) ?? .notFound
            }
            return existingFile(candidate) ?? .forbidden
        }
        let last = components[components.count - 1]
        if !last.contains(".") {
            return existingFile(rootURL.appendingPathComponent("index.html")) ?? .notFound
        }
        return .notFound
    }

    /// The file itself if it exists and, after resolving symlinks, still lies under the root.
    private func existingFile(_ url: URL) -> Resolution? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        let real = url.resolvingSymlinksInPath().path
        guard real.hasPrefix(rootPath + "/") else { return .forbidden }
        return .file(URL(fileURLWithPath: real))
    }

    private static func isPlainName(_ component: String) -> Bool {
        !component.isEmpty
            && !component.hasPrefix(".")
            && !component.contains("\\")
            && !component.contains("\u{0}")
    }
}
