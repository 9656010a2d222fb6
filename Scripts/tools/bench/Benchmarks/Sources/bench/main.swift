import BenchmarkSupport
import Foundation

// bench COMMAND [--option value ...] (the commands below): one benchmark per process; each prints one JSON
// line on standard output (read by Scripts/bench) and progress on standard error.
let usage = """
    usage: bench overhead [--rounds 7] [--count 20000]
           bench loopback --url http://127.0.0.1:PORT --path FILE [--rounds 5] [--sequential 500]
                          [--concurrent 2000] [--in-flight 64] [--reference curl,wrk|none] [--curl-binary PATH]
                          [--reference-seconds 2] [--sides NAME,NAME]
           bench scale --url http://127.0.0.1:PORT --path FILE [--total 10000] [--in-flight 256] [--warmup 500]
           bench retention --url http://127.0.0.1:PORT --path FILE [--total 5000] [--in-flight 64]
           bench timeout [--rounds 7] [--count 20000]
           bench cache --url http://127.0.0.1:PORT (Scripts/dev-server) [--rounds 7] [--count 20000]
                       [--loopback-count 300]
           bench idle-wait --url http://127.0.0.1:PORT (Scripts/dev-server) [--wait-ms 4000] [--rounds 1]
           bench slow-consumer --url http://127.0.0.1:PORT --path FILE [--bytes N] [--pause-us 1000]
           bench stream-bound --url http://127.0.0.1:PORT --path FILE [--bytes 300000000] [--runs 10]
           bench encoded-consumer --url http://127.0.0.1:PORT (Scripts/dev-server) [--bytes N] [--pause-us 1000]
           bench download --url http://127.0.0.1:PORT --name NAME (served at v1/files/NAME) --bytes N
                          --directory DIR [--rounds 3] [--curl-binary /usr/bin/curl]
           bench resolver --url http://127.0.0.1:PORT (Scripts/dev-server) --proxy-host NAME [--queries FIFO]
                          [--count 20] (inside Scripts/hanging-resolver, with http_proxy and no_proxy set)
           bench tls-sessions --url https://127.0.0.1:PORT --path FILE --ca CERT.pem [--count 20] [--rounds 3]
           bench resumable-upload --url http://127.0.0.1:PORT (Scripts/dev-server) --token TOKEN --file PATH
                                  --records DIR [--transport curl|urlsession] [--protocol draft|tus|multipart]
                                  [--cuts N,N,...] [--request-timeout 5]
           bench first-byte --url http://127.0.0.1:PORT (Scripts/dev-server) [--delay-ms 300] [--rounds 7]
           bench curl-cost --scenario upload|multipart|sequential|concurrent --url http://127.0.0.1:PORT --path PATH
                           [--file FILE] [--rounds 7] [--count 2000] [--in-flight 64] [--curl-binary /usr/bin/curl]
           bench telemetry --url http://127.0.0.1:PORT (Scripts/dev-server) [--rounds 7] [--count 20000]
                           [--loopback-count 500]
    """

let arguments = Array(CommandLine.arguments.dropFirst())
guard let command = arguments.first else {
    JSONOutput.note(usage)
    exit(2)
}
do {
    let options = try Arguments(Array(arguments.dropFirst()))
    switch command {
    case "overhead": JSONOutput.emit(try await OverheadBenchmark(options).run())
    case "loopback": JSONOutput.emit(try await LoopbackBenchmark(options).run())
    case "scale": JSONOutput.emit(try await ScaleBenchmark(options).run())
    case "retention": JSONOutput.emit(try await RetentionBenchmark(options).run())
    case "timeout": JSONOutput.emit(try await TimeoutBenchmark(options).run())
    case "cache": JSONOutput.emit(try await CacheBenchmark(options).run())
    case "idle-wait": JSONOutput.emit(try await IdleWaitBenchmark(options).run())
    case "slow-consumer": JSONOutput.emit(try await SlowConsumerBenchmark(options).run())
    case "stream-bound": JSONOutput.emit(try await StreamBoundBenchmark(options).run())
    case "encoded-consumer": JSONOutput.emit(try await EncodedConsumerBenchmark(options).run())
    case "download": JSONOutput.emit(try await DownloadThroughputBenchmark(options).run())
    case "resolver": JSONOutput.emit(try await ResolverStallBenchmark(options).run())
    case "tls-sessions": JSONOutput.emit(try await TLSSessionBenchmark(options).run())
    case "resumable-upload": JSONOutput.emit(try await ResumableUploadBenchmark(options).run())
    case "first-byte": JSONOutput.emit(try await FirstByteBenchmark(options).run())
    case "telemetry": JSONOutput.emit(try await TelemetryCostBenchmark(options).run())
    case "curl-cost": JSONOutput.emit(try await CurlCostBenchmark(options).run())
    default:
        JSONOutput.note(usage)
        exit(2)
    }
} catch {
    JSONOutput.note("bench \(command): \(error)")
    exit(1)
}
