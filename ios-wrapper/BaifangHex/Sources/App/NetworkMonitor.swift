import Network

/// This device's own connectivity (`NWPathMonitor`), forwarded to the page as the bridge
/// event `networkChanged`: a side whose own network was down around a peer's drop never
/// wins that match by disconnect (it cannot tell who left).
@MainActor
final class NetworkMonitor {
    private weak var events: HostEventSink?
    private let monitor = NWPathMonitor()
    private var online: Bool?

    init(events: HostEventSink) {
        self.events = events
    }

    func start() {
        monitor.pathUpdateHandler = { @Sendable [weak self] path in
            let online = path.status == .satisfied
            MainThread.run {
                self?.changed(online: online)
            }
        }
        monitor.start(queue: DispatchQueue(label: "baifang.network"))
    }

    private func changed(online: Bool) {
        guard online != self.online else { return }
        // The first report only sets the baseline unless it says offline.
        let first = self.online == nil
        self.online = online
        if first && online { return }
        events?.emit(.networkChanged, NetworkChangedPayload(online: online))
    }
}
