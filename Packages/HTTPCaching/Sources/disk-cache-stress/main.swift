// Writes and reads one DiskHTTPCacheStore directory, checking every entry it reads is whole.
// Usage: disk-cache-stress DIRECTORY WORKER ITERATIONS BYTE_LIMIT
// Prints "reads=N hits=N torn=N" and exits 1 if any read entry was torn, 64 on a bad command line.
import Foundation
import HTTPCaching

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 4, let worker = Int(arguments[2]), let iterations = Int(arguments[3]),
    let byteLimit = Int(arguments[4])
else {
    FileHandle.standardError.write(Data("usage: disk-cache-stress DIRECTORY WORKER ITERATIONS BYTE_LIMIT\n".utf8))
    exit(64)
}
let store = try DiskHTTPCacheStore(directory: URL(fileURLWithPath: arguments[1]), byteLimit: byteLimit)

/// The keys every worker shares.
func key(_ index: Int) -> HTTPCacheKey {
    HTTPCacheKey(rawValue: "GET v1/shared?item=\(index)", resource: "v1/shared")
}

/// An entry whose body repeats `token` `count` times, and says so in its headers; one of three variants.
func entry(token: String, count: Int, variant: Int) -> HTTPCacheEntry {
    HTTPCacheEntry(
        statusCode: 200, headers: ["X-Token": token, "X-Count": String(count), "Vary": "Accept"],
        body: Data(String(repeating: token, count: count).utf8), responseTime: Date(), freshnessLifetime: 60,
        variant: ["accept": String(variant)])
}

/// Whether `entry` is exactly what some writer stored.
func isWhole(_ entry: HTTPCacheEntry) -> Bool {
    guard let token = entry.headers["X-Token"], let count = entry.headers["X-Count"].flatMap(Int.init) else {
        return false
    }
    return entry.body == Data(String(repeating: token, count: count).utf8)
}

var (reads, hits, torn) = (0, 0, 0)
for iteration in 0..<iterations {
    let index = (iteration * 7 + worker) % 24
    let written = entry(
        token: "w\(worker)i\(iteration);", count: 20 + (iteration * 37 + worker) % 400, variant: iteration % 3)
    store.store(written, for: key(index))
    for offset in 1...3 {
        reads += 1
        let variant = String((iteration + offset) % 3)
        guard let read = store.entry(for: key((index + offset * 5) % 24), where: { $0.variant["accept"] == variant })
        else { continue }
        hits += 1
        if !isWhole(read) { torn += 1 }
    }
}
print("reads=\(reads) hits=\(hits) torn=\(torn)")
exit(torn == 0 ? 0 : 1)
