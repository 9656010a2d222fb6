import DevServerSupport
import Foundation
import HTTPClient
import HTTPReplay
import Testing
import URLSessionInfrastructure

/// Starts `Scripts/dev-server` around a suite whose replay traits may need the live server: in every replay mode
/// but playback, which never reaches the network and so needs no server.
struct DevServerTrait: SuiteTrait, TestScoping {
    /// The running server's root URL, inside the scope of a suite with the trait.
    @TaskLocal static var baseURL: URL?

    /// Why a live client was asked for outside a suite with the trait.
    struct NoDevServer: Error, CustomStringConvertible {
        var description: String { "No dev server is running: add .devServer to the suite." }
    }

    func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        guard ReplayMode() != .playback else { return try await function() }
        try await DevServer.run { server in
            try await Self.$baseURL.withValue(server.baseURL, operation: function)
        }
    }

    /// A transport to the running server.
    static func transport() throws -> URLSessionClient {
        guard let baseURL else { throw NoDevServer() }
        return try URLSessionClient.ephemeral(baseURL: baseURL.absoluteString)
    }
}

extension Trait where Self == DevServerTrait {
    /// Runs the suite with `Scripts/dev-server` started, unless its replay traits only play back.
    static var devServer: Self { DevServerTrait() }
}
