// Target `har`: the HAR reader (what `HARReplayClient(contentsOf:)` parses once the file is read).
// Properties: reading never crashes; an archive the client accepts decodes as a document with as many
// entries; every recorded request is answered by its own key and by a request sending the same method, path
// and query; what the package writes it reads back equal.

import Foundation
import HTTPClient

@testable import HTTPArchive

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = FuzzInput(data, size)
    guard let client = try? HARReplayClient(archive: input.data) else { return 0 }
    let document: HARArchive
    do {
        document = try JSONDecoder().decode(HARArchive.self, from: input.data)
    } catch {
        check(false, "the client read an archive that does not decode: \(error)")
        return 0
    }
    check(client.entryCount == document.log.entries.count, "entry count \(client.entryCount)")

    var keys: [ReplayKey] = []
    for entry in document.log.entries {
        let key = ReplayKey(entry.request)
        check(key.isAnswered(by: key), "a recorded request is not answered by itself: \(key.summary)")
        if let request = FuzzRequest(sending: key) {
            check(
                ReplayKey(request, body: nil).isAnswered(by: key),
                "the request a recording names is not answered: \(key.summary)")
        }
        keys.append(key)
    }
    if keys.count >= 2 {
        let distance = EditDistance.between(keys[0].summary, keys[1].summary)
        check(distance >= 0 && distance <= max(keys[0].summary.count, keys[1].summary.count), "distance \(distance)")
    }

    guard let encoded = try? HARCoding.encode(document) else {
        check(false, "a document read from JSON does not encode")
        return 0
    }
    let reread = try? JSONDecoder().decode(HARArchive.self, from: encoded)
    check(reread == document, "the written archive reads back different")
    check(
        (try? HARReplayClient(archive: encoded))?.entryCount == client.entryCount,
        "the written archive replays differently")
    return 0
}

/// A request with a recorded key's method, path segments and query items (when a request can send them).
private struct FuzzRequest: HTTPRequest {
    let method: HTTPMethod
    let path: String
    let version = ""
    let queryParameter: HTTPQueryParameter?

    init?(sending key: ReplayKey) {
        guard let method = HTTPMethod(rawValue: key.method),
            key.segments.allSatisfy({ !$0.isEmpty && !$0.contains("/") })
        else { return nil }
        var query: HTTPQueryParameter = [:]
        for item in key.query {
            guard query.updateValue(item.value, forKey: item.name) == nil else { return nil }
        }
        let path = key.segments.joined(separator: "/")
        // A segment starting with a combining mark joins the `/` before it into one character.
        guard path.split(separator: "/").map(String.init) == key.segments else { return nil }
        self.method = method
        self.path = path
        queryParameter = query.isEmpty ? nil : query
    }
}
