import Foundation
import HTTPClient
import HTTPClientDecorators
import HTTPClientSupport
import HTTPTelemetry

/// What `--write-out` knows of one HTTP exchange: the request, the answer when one came, and what the transport
/// measured.
///
/// Values follow curl's: `http_code` is three digits (`000` without an answer), times are seconds with six
/// decimals counted from the exchange's start, `http_version` is `1.0`, `1.1`, `2` or `3`. When the transport
/// measured the exchange, a phase it did not go through (no TLS over plain HTTP, no connect on a reused
/// connection) reads `0.000000`, a missing size `0`, a missing version `0` and a missing port `0`, as curl prints
/// them. After redirects the transport followed, the times add the requests up and the sizes are the last
/// request's, as curl's are (see ``WriteOutMeasurement``). When the transport measured nothing (URLSession on
/// Linux, a `--replay` archive), every measured value (times, sizes, speed, redirects, peer and version) is
/// empty: no time is made up.
struct WriteOutExchange: Sendable {
    /// The request's method.
    let method: HTTPMethod
    /// The URL that answered, or the request's URL without an answer.
    let url: URL?
    /// The answer's status, or `nil` when none came.
    let statusCode: HTTPStatusCode?
    /// What the transport measured, or `nil` when it measured nothing.
    let measurement: WriteOutMeasurement?

    /// The exchange of `method` to `url`, answered with `statusCode`, measured as `measurement`.
    init(method: HTTPMethod, url: URL?, statusCode: HTTPStatusCode?, measurement: WriteOutMeasurement?) {
        self.method = method
        self.url = url
        self.statusCode = statusCode
        self.measurement = measurement
    }

    /// The exchange the transport's collector saw, its redirects added up as curl adds them.
    init(_ exchange: CollectedHTTPExchange) {
        self.init(
            method: exchange.request.method, url: exchange.url, statusCode: exchange.response?.statusCode,
            measurement: exchange.metrics.map { WriteOutMeasurement(hops: exchange.redirects, last: $0) })
    }

    /// An exchange without redirects, measured as `metrics`.
    init(method: HTTPMethod, url: URL?, statusCode: HTTPStatusCode?, metrics: HTTPExchangeMetrics?) {
        self.init(
            method: method, url: url, statusCode: statusCode,
            measurement: metrics.map { WriteOutMeasurement(hops: [], last: $0) })
    }

    /// `variable`'s text for this exchange. `url_effective` is written as telemetry writes `url.full`: no
    /// userinfo, sensitive query values `REDACTED`.
    func value(of variable: WriteOutVariable) -> String {
        switch variable {
        case .httpCode: statusCode.map(Self.threeDigits) ?? "000"
        case .method: method.rawValue
        case .urlEffective: url.map(SpanURL.full) ?? ""
        default: measurement.map { measured(variable, $0) } ?? ""
        }
    }

    private func measured(_ variable: WriteOutVariable, _ measurement: WriteOutMeasurement) -> String {
        let metrics = measurement.combined
        return switch variable {
        case .httpCode, .method, .urlEffective: value(of: variable)
        case .numRedirects: "\(metrics.redirectCount)"
        case .sizeDownload: "\(metrics.responseBodyBytes ?? 0)"
        case .sizeUpload: "\(metrics.requestBodyBytes ?? 0)"
        case .speedDownload: "\(Self.bytesPerSecond(metrics.responseBodyBytes ?? 0, in: metrics.end))"
        case .timeNameLookup: Self.seconds(metrics.nameLookup)
        case .timeConnect: Self.seconds(metrics.connect)
        case .timeAppConnect: Self.seconds(metrics.secureConnect)
        case .timePreTransfer: Self.seconds(metrics.requestSent)
        case .timeStartTransfer: Self.seconds(metrics.firstByte)
        case .timeTotal: Self.seconds(metrics.end)
        case .timeRedirect: Self.seconds(measurement.redirectTime)
        case .remoteIP: metrics.remoteAddress ?? ""
        case .remotePort: "\(metrics.remotePort ?? 0)"
        case .httpVersion: metrics.protocolVersion ?? "0"
        }
    }

    /// `duration` as seconds with six decimals (`0.300512`), or `0.000000` for a phase not gone through.
    static func seconds(_ duration: Duration?) -> String {
        let microseconds = duration.map(microseconds) ?? 0
        let fraction = String(microseconds % 1_000_000)
        return "\(microseconds / 1_000_000)." + String(repeating: "0", count: 6 - fraction.count) + fraction
    }

    /// `duration` in whole microseconds, rounded down.
    static func microseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1_000_000 + attoseconds / 1_000_000_000_000
    }

    /// Bytes per second over `total`, rounded down as curl does; 0 when the time is unknown or zero.
    static func bytesPerSecond(_ bytes: Int64, in total: Duration?) -> Int64 {
        guard let total, case let microseconds = microseconds(total), microseconds > 0 else { return 0 }
        return Int64(Double(bytes) * 1_000_000 / Double(microseconds))
    }

    private static func threeDigits(_ code: HTTPStatusCode) -> String {
        let digits = String(code)
        return String(repeating: "0", count: max(0, 3 - digits.count)) + digits
    }
}
