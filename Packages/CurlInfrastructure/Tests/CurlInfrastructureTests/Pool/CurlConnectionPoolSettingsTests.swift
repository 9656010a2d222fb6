import CurlInfrastructure
import Foundation
import Testing

@Suite("CurlConnectionPool settings")
struct CurlConnectionPoolSettingsTests {
    @Test("a connect timeout, keepalive time or connection limit that is not positive is refused")
    func refusedSettings() {
        typealias Settings = CurlConnectionPool.Settings
        let keepAlive = CurlConnectionPool.TCPKeepAlive(idleSeconds: 0, intervalSeconds: 5)

        #expect(throws: CurlConnectionPool.SettingsError.invalidConnectTimeout(0)) {
            try CurlConnectionPool(settings: Settings(connectTimeout: 0))
        }
        #expect(throws: CurlConnectionPool.SettingsError.invalidConnectTimeout(.infinity)) {
            try CurlConnectionPool(settings: Settings(connectTimeout: .infinity))
        }
        #expect(throws: CurlConnectionPool.SettingsError.invalidKeepAlive(idleSeconds: 0, intervalSeconds: 5)) {
            try CurlConnectionPool(settings: Settings(keepAlive: keepAlive))
        }
        #expect(throws: CurlConnectionPool.SettingsError.invalidMaximumConnectionsPerHost(0)) {
            try CurlConnectionPool(settings: Settings(maximumConnectionsPerHost: 0))
        }
        #expect(throws: CurlConnectionPool.SettingsError.invalidMaximumTotalConnections(-1)) {
            try CurlConnectionPool(settings: Settings(maximumTotalConnections: -1))
        }
    }

    @Test("a pool keeps the settings it was made with; no separate connect timeout and no keepalive are valid")
    func acceptedSettings() throws {
        let settings = CurlConnectionPool.Settings(
            connectTimeout: nil, keepAlive: nil, maximumConnectionsPerHost: 4, maximumTotalConnections: 16)

        #expect(try CurlConnectionPool(settings: settings).settings == settings)
        #expect(try CurlConnectionPool().settings.connectTimeout == CurlConnectionPool.defaultConnectTimeout)
    }

    @Test("each refusal names its value")
    func descriptions() {
        #expect(CurlConnectionPool.SettingsError.invalidConnectTimeout(-1).description.contains("-1"))
        #expect(CurlConnectionPool.SettingsError.invalidMaximumConnectionsPerHost(0).description.contains("0"))
    }
}
