import Foundation

/// The command line of `cache-tests-proxy`: `--origin URL [--port N]`.
struct ProxyOptions: Equatable {
    /// Why the command line was refused; the process exits with status 64.
    enum Failure: Error, Equatable, CustomStringConvertible {
        case missingOrigin
        case missingValue(String)
        case unknownArgument(String)
        case invalidOrigin(String)
        case notLoopback(String)
        case invalidPort(String)

        var description: String {
            switch self {
            case .missingOrigin: "--origin URL is required"
            case .missingValue(let option): "\(option) needs a value"
            case .unknownArgument(let argument): "unknown argument \(argument)"
            case .invalidOrigin(let origin): "--origin \(origin) is not an http URL with a host"
            case .notLoopback(let origin):
                "--origin \(origin) is not a loopback address (127.0.0.0/8, localhost, [::1])"
            case .invalidPort(let port): "--port \(port) is not a port number (0 for a free one)"
            }
        }
    }

    static let usage = "usage: cache-tests-proxy --origin http://127.0.0.1:PORT [--port N]"

    /// The origin server's URL: http, on a loopback host.
    let origin: URL
    /// The port to listen on; 0 for a free one.
    let port: Int

    /// Reads `arguments` (without the program name).
    init(arguments: [String]) throws(Failure) {
        var origin: String?
        var port = "0"
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--origin", "--port":
                guard let value = remaining.popFirst() else { throw .missingValue(argument) }
                if argument == "--origin" { origin = value } else { port = value }
            default:
                throw .unknownArgument(argument)
            }
        }
        guard let origin else { throw .missingOrigin }
        guard let number = Int(port), (0...65_535).contains(number) else { throw .invalidPort(port) }
        self.origin = try Self.loopbackOrigin(origin)
        self.port = number
    }

    /// `text` as a URL, when it is `http` on 127.0.0.0/8, `localhost` or `[::1]`.
    private static func loopbackOrigin(_ text: String) throws(Failure) -> URL {
        guard let components = URLComponents(string: text), components.scheme?.lowercased() == "http",
            let host = components.host?.lowercased(), !host.isEmpty, let url = components.url
        else { throw .invalidOrigin(text) }
        guard isLoopback(host) else { throw .notLoopback(text) }
        return url
    }

    private static func isLoopback(_ host: String) -> Bool {
        if host == "localhost" || host == "::1" || host == "[::1]" { return true }
        let octets = host.split(separator: ".", omittingEmptySubsequences: false)
        return octets.count == 4 && octets.first == "127"
            && octets.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isASCII) && UInt8($0) != nil }
    }
}
