import CCurl
import Foundation
import HTTPClient
import HTTPClientSupport

extension EasyTransfer {
    /// The current hop's measurements from libcurl (`CURLINFO_*_TIME_T`, the primary IP and port, the HTTP
    /// version, the sizes), or `nil` when the hop never got an easy handle. libcurl's zeros (a phase it did not go
    /// through) become unknown phases. `redirectsBefore` is how many redirects were followed before this hop:
    /// by default, all of the chain's.
    func exchangeMetrics(redirectsBefore: Int? = nil) -> HTTPExchangeMetrics? {
        guard let easy else { return nil }
        func microseconds(_ info: CURLINFO) -> Duration? {
            var value: curl_off_t = 0
            guard ccurl_easy_getinfo_off_t(easy, info, &value) == CURLE_OK else { return nil }
            return .microseconds(value)
        }
        func count(_ info: CURLINFO) -> Int64? {
            var value: curl_off_t = 0
            guard ccurl_easy_getinfo_off_t(easy, info, &value) == CURLE_OK else { return nil }
            return Int64(value)
        }
        var address: UnsafeMutablePointer<CChar>?
        let hasAddress = ccurl_easy_getinfo_string(easy, CURLINFO_PRIMARY_IP, &address) == CURLE_OK
        let remoteAddress = hasAddress ? address.map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } : nil
        var port = 0
        let remotePort =
            ccurl_easy_getinfo_long(easy, CURLINFO_PRIMARY_PORT, &port) == CURLE_OK && port > 0 ? port : nil
        var version = 0
        let hasVersion = ccurl_easy_getinfo_long(easy, CURLINFO_HTTP_VERSION, &version) == CURLE_OK
        return HTTPExchangeMetrics(
            startTime: hopStartTime, nameLookup: microseconds(CURLINFO_NAMELOOKUP_TIME_T),
            connect: microseconds(CURLINFO_CONNECT_TIME_T), secureConnect: microseconds(CURLINFO_APPCONNECT_TIME_T),
            requestSent: microseconds(CURLINFO_PRETRANSFER_TIME_T),
            firstByte: microseconds(CURLINFO_STARTTRANSFER_TIME_T), end: microseconds(CURLINFO_TOTAL_TIME_T),
            protocolVersion: hasVersion ? Self.protocolVersion(version) : nil, remoteAddress: remoteAddress,
            remotePort: remotePort, requestBodyBytes: count(CURLINFO_SIZE_UPLOAD_T).map { sentCount(libcurlCount: $0) },
            responseBodyBytes: count(CURLINFO_SIZE_DOWNLOAD_T),
            redirectCount: redirectsBefore ?? chain.count - 1)
    }

    /// `CURLINFO_HTTP_VERSION`'s value as OpenTelemetry writes it, or `nil` when no response came.
    static func protocolVersion(_ value: Int) -> String? {
        switch value {
        case Int(CURL_HTTP_VERSION_1_0): "1.0"
        case Int(CURL_HTTP_VERSION_1_1): "1.1"
        case Int(CURL_HTTP_VERSION_2_0): "2"
        case Int(CURL_HTTP_VERSION_3): "3"
        default: nil
        }
    }
}
