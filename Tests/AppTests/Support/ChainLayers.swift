import HTTPClient
import HTTPClientTestSupport

@testable import HTTPCaching
@testable import HTTPClientDecorators
@testable import NetworkingApp
@testable import NetworkingComposition

/// The decorators of a chain from the outermost in, down to the transport: `["dedup", "headers", …, "transport"]`.
enum ChainLayers {
    static func names(of client: any HTTPClient) -> [String] {
        var names: [String] = []
        var current: (any HTTPClient)? = client
        while let layer = current {
            let (name, inner) = describe(layer)
            names.append(name)
            current = inner
        }
        return names
    }

    private static func describe(_ client: any HTTPClient) -> (String, (any HTTPClient)?) {
        switch client {
        case let client as DeadlineBoundHTTPClient: ("deadline", client.client)
        case let client as CachingHTTPClient: ("cache", client.client)
        case let client as DeduplicatingHTTPClient: ("dedup", client.client)
        case let client as HeadersInjectingHTTPClient: ("headers(\(client.headers))", client.client)
        case let client as ContentTypeValidatingHTTPClient: ("contentType", client.client)
        case let client as RetryingHTTPClient: ("retry", client.client)
        case let client as TokenRefreshingHTTPClient: ("refreshingAuth", client.client)
        case let client as AuthenticatedHTTPClient: ("auth", client.client)
        case let client as ErrorHandlingHTTPClient: ("errors", client.client)
        case let client as LoggingHTTPClient: ("logging", client.client)
        case is ScriptedHTTPClient: ("transport", nil)
        // The app's chains hold their transport in a `LazyHTTPClient`, which makes it on the first request.
        case is LazyHTTPClient: ("transport", nil)
        default: ("unknown \(type(of: client))", nil)
        }
    }
}
