import Foundation
import HTTPClient
import HTTPClientSupport

extension HTTPRequest {
    /// The request's ``HTTPURLTemplated/urlTemplate``, looking through requests that decorators derived
    /// (``ModifiedRequest``) to the one they came from; `nil` when none states a template.
    var statedURLTemplate: String? {
        // Comparing types first spares every other request a dynamic cast.
        if Swift.type(of: self) == ModifiedRequest.self, let modified = self as? ModifiedRequest {
            return modified.original.statedURLTemplate
        }
        return URLTemplatedTypes.template(of: self)
    }
}

/// Which request types state a URL template. A cast to a protocol asks the runtime's conformance tables, which
/// costs more than the rest of starting a span, so a type found not to conform is remembered and never asked
/// again.
private enum URLTemplatedTypes {
    private static let untemplated = LockedValue<Set<ObjectIdentifier>>([])

    /// `request`'s template when its type adopts ``HTTPURLTemplated``.
    static func template(of request: any HTTPRequest) -> String? {
        let type = ObjectIdentifier(Swift.type(of: request))
        if untemplated.withLock({ $0.contains(type) }) { return nil }
        guard let templated = request as? any HTTPURLTemplated else {
            untemplated.withLock { _ = $0.insert(type) }
            return nil
        }
        return templated.urlTemplate
    }
}
