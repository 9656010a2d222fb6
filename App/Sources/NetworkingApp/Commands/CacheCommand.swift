import CommandLineKit
import Foundation
import NetworkingComposition

/// `networking cache info` and `networking cache clear`: the response cache's location and contents, or
/// emptying it (backoff deadlines included).
struct CacheCommand {
    let location: Result<CacheLocation, CacheUnavailable>
    let console: Console

    func run(_ action: CacheAction) -> ExitStatus {
        let location: CacheLocation
        do {
            location = try self.location.get()
        } catch {
            switch action {
            case .info:
                console.writeOutput("Caching is disabled: \(error.reason).\n")
                return .success
            case .clear:
                return Report.failure("Could not clear the cache", error, console: console)
            }
        }
        switch action {
        case .info: return info(location)
        case .clear: return clear(location)
        }
    }

    private func info(_ location: CacheLocation) -> ExitStatus {
        let path = location.directory.path
        if let problem = location.problem() {
            console.writeOutput("Location: \(path)\nCaching is disabled: \(problem.reason).\n")
            return .success
        }
        let inventory = CacheInventory(directory: location.directory)
        var text = "Location: \(path)\n"
        if !FileManager.default.fileExists(atPath: path) { text += "(not created yet)\n" }
        text += "Entries: \(inventory.entryCount)\nBytes: \(inventory.byteCount)\n"
        text += "Backoff waits: \(inventory.backoffCount)\n"
        for store in inventory.stores {
            text +=
                "  \(store.name): \(Self.count(store.usage.entryCount, "entry", "entries")), "
                + "\(Self.count(store.usage.byteCount, "byte", "bytes"))"
                + (store.backoffFiles.isEmpty ? "" : ", \(Self.count(store.backoffFiles.count, "backoff wait"))")
                + "\n"
        }
        console.writeOutput(text)
        return .success
    }

    private func clear(_ location: CacheLocation) -> ExitStatus {
        let path = location.directory.path
        if let problem = location.problem() {
            return Report.failure("Could not clear the cache", problem, console: console)
        }
        let inventory = CacheInventory(directory: location.directory)
        guard inventory.entryCount > 0 || inventory.backoffCount > 0 else {
            console.writeOutput("The cache in \(path) is already empty.\n")
            return .success
        }
        inventory.removeAll()
        let entries = Self.count(inventory.entryCount, "entry", "entries")
        let bytes = Self.count(inventory.byteCount, "byte", "bytes")
        let waits = Self.count(inventory.backoffCount, "backoff wait")
        console.writeOutput("Removed \(entries) (\(bytes)) and \(waits) from \(path).\n")
        return .success
    }

    private static func count(_ value: Int, _ singular: String, _ plural: String? = nil) -> String {
        "\(value) \(value == 1 ? singular : plural ?? singular + "s")"
    }
}
