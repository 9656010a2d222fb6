import CurlInfrastructure
import HTTPClient
import HTTPClientSupport

extension HTTPTransportError {
    /// The libcurl code of the ``CurlError`` the error keeps as its cause, if it keeps one.
    var curlCode: Int? {
        (underlying as? CurlError)?.code
    }

    /// The `RedirectError` the error keeps as its cause, if it keeps one.
    var redirectError: RedirectError? {
        underlying as? RedirectError
    }
}
