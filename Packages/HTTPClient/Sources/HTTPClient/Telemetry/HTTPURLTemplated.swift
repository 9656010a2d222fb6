import Foundation

/// A request that names its URL template, the path with its variable parts as placeholders
/// (for example `/questions/{ids}`).
///
/// Telemetry names spans and groups metrics by the template, so requests that differ only in their ids share
/// one name. A request that does not adopt this protocol has no template.
public protocol HTTPURLTemplated: HTTPRequest {
    /// The path template, such as `/questions/{ids}`: low-cardinality, with no ids or secrets in it.
    var urlTemplate: String { get }
}
