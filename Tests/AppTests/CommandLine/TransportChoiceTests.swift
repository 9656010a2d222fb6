import CommandLineKit
import CurlInfrastructure
import Foundation
import Testing
import URLSessionInfrastructure

@testable import NetworkingApp
@testable import NetworkingComposition

/// `--transport`, `NETWORKING_TRANSPORT` and the platform's default.
struct TransportChoiceTests {
    @Test func theDefaultIsCurlOnLinuxAndURLSessionOnApplePlatforms() throws {
        #if canImport(FoundationNetworking)
            #expect(TransportChoice.platformDefault == .curl)
        #else
            #expect(TransportChoice.platformDefault == .urlsession)
        #endif
        #expect(try settings([], [:]).transport == .platformDefault)
    }

    @Test(arguments: TransportChoice.allCases)
    func theEnvironmentSetsItAndTheOptionWins(choice: TransportChoice) throws {
        let other: TransportChoice = choice == .curl ? .urlsession : .curl

        #expect(try settings([], ["NETWORKING_TRANSPORT": choice.rawValue]).transport == choice)
        #expect(
            try settings(["--transport", choice.rawValue], ["NETWORKING_TRANSPORT": other.rawValue]).transport == choice
        )
        #expect(try settings(["--transport=\(choice.rawValue)"], [:]).transport == choice)
    }

    @Test func anUnknownNameIsAUsageErrorNamingTheChoices() throws {
        #expect(throws: UsageError.self) { try CommandTable.parse(["token", "--transport", "nio"]) }
        let error = #expect(throws: UsageError.self) { try settings([], ["NETWORKING_TRANSPORT": "Curl"]) }
        #expect(error?.description == "NETWORKING_TRANSPORT must be one of curl, urlsession, not 'Curl'")
    }

    @Test func anIPv6BaseURLIsRefusedOnlyWhereURLSessionCannotReachIt() throws {
        let ipv6 = ["--base-url", "http://[::1]:3000/"]

        #expect(try settings(ipv6 + ["--transport", "curl"], [:]).tokenBaseURL.absoluteString == "http://[::1]:3000/")
        #if canImport(FoundationNetworking)
            #expect(throws: UsageError.self) { try settings(ipv6 + ["--transport", "urlsession"], [:]) }
        #endif
    }

    @Test func theFactoryMakesTheChosenClient() throws {
        let baseURL = try #require(URL(string: "http://127.0.0.1:9/"))
        let limits = TransportSettings(requestTimeout: 1, maximumResponseBytes: 1024)

        let curl = try HTTPClientFactory.transport(.curl)(baseURL, limits)
        let urlSession = try HTTPClientFactory.transport(.urlsession)(baseURL, limits)

        #expect(curl is CurlClient)
        #expect(urlSession is URLSessionClient)
    }

    private func settings(_ options: [String], _ environment: [String: String]) throws -> Settings {
        try Settings.resolve(try CommandTable.parse(["token"] + options), environment: environment)
    }
}
