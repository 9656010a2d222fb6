// Part 6's probe of FoundationNetworking: the floor's work (a small JSON document on standard output) in a
// process that links URLSessionInfrastructure, so FoundationNetworking, libcurl and libcurl's own libraries load
// before `main`. With `--sessions N` it first makes N ephemeral `URLSessionClient`s, as every `networking`
// command did before its chains made their transports on the first request.
import Foundation
import URLSessionInfrastructure

struct Answer: Encodable {
    let title: String
    let score: Int
    let tags: [String]
}

var clients: [URLSessionClient] = []
let arguments = CommandLine.arguments
if let flag = arguments.firstIndex(of: "--sessions"), flag + 1 < arguments.count, let count = Int(arguments[flag + 1]) {
    for _ in 0..<count {
        if let client = try? URLSessionClient.ephemeral(baseURL: "http://127.0.0.1:9") { clients.append(client) }
    }
}
let encoder = JSONEncoder()
encoder.outputFormatting = [.sortedKeys]
let data = (try? encoder.encode([Answer(title: "floor", score: 42, tags: ["swift", "json"])])) ?? Data()
print(String(decoding: data, as: UTF8.self))
withExtendedLifetime(clients) {}
