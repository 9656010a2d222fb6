import Foundation
import HTTPClient

extension HTTPRequest {
    /// The request's ``HTTPURLTemplated/urlTemplate``, looking through requests that decorators derived
    /// (``ModifiedRequest``) to the one they came from; `nil` when none states a template.
    var statedURLTemplate: String? {
        if let modified = self as? ModifiedRequest { return modified.original.statedURLTemplate }
        return (self as? any HTTPURLTemplated)?.urlTemplate
    }
}
