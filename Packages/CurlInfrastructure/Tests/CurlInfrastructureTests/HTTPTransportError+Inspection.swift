import CurlInfrastructure
import HTTPClient

extension HTTPTransportError {
    /// The libcurl code of the ``CurlError`` the error keeps as its cause, if it keeps one.
    var curlCode: Int? {
        (underlying as? CurlError)?.code
    }
}
