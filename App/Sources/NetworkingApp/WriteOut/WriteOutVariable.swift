/// One of curl's `--write-out` variables that `networking --write-out` knows, spelled as curl spells it.
enum WriteOutVariable: String, CaseIterable, Sendable {
    case httpCode = "http_code"
    case method
    case urlEffective = "url_effective"
    case numRedirects = "num_redirects"
    case sizeDownload = "size_download"
    case sizeUpload = "size_upload"
    case speedDownload = "speed_download"
    case timeNameLookup = "time_namelookup"
    case timeConnect = "time_connect"
    case timeAppConnect = "time_appconnect"
    case timePreTransfer = "time_pretransfer"
    case timeStartTransfer = "time_starttransfer"
    case timeTotal = "time_total"
    case timeRedirect = "time_redirect"
    case remoteIP = "remote_ip"
    case remotePort = "remote_port"
    case httpVersion = "http_version"
}
