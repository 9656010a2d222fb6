import Foundation
import HTTPClient

extension HTTPRequest {
    /// The request's ``HTTPURLTemplated/urlTemplate``, looking through requests that decorators derived
    /// (``ModifiedRequest``) to the one they came from; `nil` when none states a template.
    var statedURLTemplate: String? {
        if let templated = self as? any HTTPURLTemplated { return templated.urlTemplate }
        if let modified = self as? ModifiedRequest { return modified.original.statedURLTemplate }
        return nil
    }
}
