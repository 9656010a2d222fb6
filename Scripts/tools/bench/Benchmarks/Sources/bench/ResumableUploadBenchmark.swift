import BenchmarkSupport
import CurlInfrastructure
import Foundation
import HTTPClient
import HTTPClientTestSupport
import HTTPTransfers
import URLSessionInfrastructure

/// One upload of `--file` to Scripts/dev-server's Files API over one transport: resumable (`--protocol draft`
/// or `tus`, `uploadResumably` to `POST /v1/uploads` or `/v1/tus/`) or the multipart upload of the same file
/// (`--protocol multipart`, `POST /v1/files`), for Scripts/bench part 12, which runs each side as a process of
/// its own (so its peak RSS is the side's) and hashes what the server stored.
///
/// Every side goes through a ``CuttingProxy``; `--cuts N1,N2,…` cuts the first connections after that many
/// request bytes each (the client resumes on a new one). The dev server names its own origin in upload URLs,
/// so a ``ProxiedLocationClient`` maps them to the proxy's. Prints the wall seconds, the request bytes the proxy
/// forwarded (everything the client sent: headers, the file, and whatever it sent again) and the connections
/// it cut.
struct ResumableUploadBenchmark {
    let baseURL: URL
    let token: String
    let file: URL
    let records: URL
    let transport: String
    let uploadProtocol: String
    let cuts: [Int]
    let requestTimeout: TimeInterval

    init(_ options: Arguments) throws {
        let url = try options.string("url")
        guard let baseURL = URL(string: url), let port = baseURL.port, port > 0 else {
            throw BenchmarkError.invalidURL(url)
        }
        self.baseURL = baseURL
        token = try options.string("token")
        file = URL(filePath: try options.string("file"))
        records = URL(filePath: try options.string("records"), directoryHint: .isDirectory)
        transport = try options.string("transport", default: "curl")
        uploadProtocol = try options.string("protocol", default: "draft")
        cuts = (options.optional("cuts") ?? "").split(separator: ",").compactMap { Int($0) }
        requestTimeout = try options.double("request-timeout", default: 5)
    }

    func run() async throws -> [String: Any] {
        guard let upstreamPort = baseURL.port else { throw BenchmarkError.invalidURL(baseURL.absoluteString) }
        let cuts = cuts
        let proxy = try CuttingProxy(upstreamPort: upstreamPort) { index in index < cuts.count ? cuts[index] : nil }
        defer { proxy.stop() }
        let client = ProxiedLocationClient(
            base: try makeClient(baseURL: try proxy.baseURL), upstream: "http://127.0.0.1:\(upstreamPort)",
            proxy: "http://127.0.0.1:\(proxy.port)")
        let authorization: HTTPHeaders = ["Authorization": "Bearer \(token)"]
        let clock = ContinuousClock()
        let started = clock.now
        let status: Int
        switch uploadProtocol {
        case "draft", "tus":
            let resumable: ResumableUploadProtocol = uploadProtocol == "draft" ? .draft : .tus
            let request = BenchmarkUploadRequest(
                method: .post, path: resumable == .draft ? "uploads" : "tus/", headers: authorization)
            status = try await client.uploadResumably(file, to: request, using: resumable, records: records).1
                .statusCode
        case "multipart":
            var form = MultipartForm()
            try form.append(name: "file", fileURL: file)
            var headers = authorization
            headers["Content-Type"] = form.contentType
            let request = BenchmarkUploadRequest(method: .post, path: "files", headers: headers)
            status = try await client.stream(request: request, body: form.makeBody(), progress: nil) { response, body in
                _ = try await body.collect(upTo: 1024 * 1024)
                return response.statusCode
            }
        default:
            throw BenchmarkError.referenceFailed("unknown --protocol \(uploadProtocol): draft, tus or multipart")
        }
        let seconds = LoadSample.seconds(clock.now - started)
        guard (200..<300).contains(status) else { throw BenchmarkError.unexpectedStatus(status) }
        return [
            "kind": "resumable-upload", "transport": transport, "protocol": uploadProtocol, "seconds": seconds,
            "forwarded_bytes": proxy.forwardedRequestBytes, "cut_connections": proxy.cutConnections,
            "connections": proxy.acceptedConnections, "append_chunk_bytes": HTTPBody.fileChunkSize,
        ]
    }

    private func makeClient(baseURL: URL) throws -> any HTTPClient {
        switch transport {
        case "curl": try CurlClient(baseURL: baseURL, requestTimeout: requestTimeout)
        case "urlsession": try URLSessionClient(baseURL: baseURL, requestTimeout: requestTimeout)
        default: throw BenchmarkError.referenceFailed("unknown --transport \(transport): curl or urlsession")
        }
    }
}

/// A request to the dev server's Files API (`/v1/…`).
private struct BenchmarkUploadRequest: HTTPRequest {
    let method: HTTPMethod
    let path: HTTPPath
    let version: HTTPVersion = "v1"
    let headers: HTTPHeaders?
    let queryParameter: HTTPQueryParameter? = nil
}
