import Foundation

/// How an underlying error reads inside the description of an error that wraps it, such as
/// ``HTTPTransportError``.
public enum CauseDescription {
    /// `error`'s own text: a Foundation error as its message with its domain and code (`timed out
    /// (URLError -1001)`), any other error as its `errorDescription` or `description`.
    public static func text(of error: any Error) -> String {
        if type(of: error) is NSError.Type || error is URLError {
            let nsError = error as NSError
            let domain = nsError.domain == NSURLErrorDomain ? "URLError" : nsError.domain
            return "\(nsError.localizedDescription) (\(domain) \(nsError.code))"
        }
        if let described = (error as? any LocalizedError)?.errorDescription { return described }
        return String(describing: error)
    }
}
