import NetworkingComposition

extension Settings {
    /// Each variable with what it sets and its default, as the help shows them; "\n" continues a line.
    static var environmentHelp: [(variable: String, help: String)] {
        [
            (Variable.questionsURL, "base URL of the questions API (default \(defaultQuestionsURL))"),
            (Variable.tokenURL, "base URL of the token API (default \(defaultTokenURL))"),
            (Variable.filesURL, "base URL of the Files API (default \(defaultFilesURL))"),
            (Variable.accessToken, "initial access token for the token and Files APIs"),
            (
                Variable.stackExchangeKey,
                "Stack Exchange application key, sent as key= (raises the daily quota)"
            ),
            (
                Variable.cacheDirectory,
                "response cache directory (else $XDG_CACHE_HOME/networking, else\n"
                    + "$HOME/.cache/networking); `networking cache clear` empties it"
            ),
            (
                Variable.timeout,
                "seconds the network work of a command may take (default \(defaultTimeout.components.seconds);\n"
                    + "--timeout wins)"
            ),
            (
                Variable.transport,
                "curl or urlsession (default \(TransportChoice.platformDefault.rawValue) here; --transport wins)"
            ),
            (Variable.proxy, "proxy URL for both transports, empty to go direct (--proxy wins)"),
            ("CURL_CA_BUNDLE", "PEM file of the only certificate authorities to trust (--cacert and\n--capath win)"),
            ("SSL_CERT_FILE", "the same, read when CURL_CA_BUNDLE is unset"),
            ("SSL_CERT_DIR", "folder of hashed certificate authorities, read when CURL_CA_BUNDLE is\nunset"),
            (
                "OTEL_EXPORTER_OTLP_ENDPOINT",
                "OTLP/HTTP collector that gets the spans and request durations\n"
                    + "(…/v1/traces, …/v1/metrics); _TRACES_ENDPOINT and\n"
                    + "_METRICS_ENDPOINT are used as given"
            ),
            ("OTEL_EXPORTER_OTLP_HEADERS", "key=value,… header fields for the collector (percent-decoded)"),
            (
                "OTEL_SERVICE_NAME",
                "service.name of the telemetry (default networking);\n"
                    + "OTEL_RESOURCE_ATTRIBUTES adds key=value,… attributes"
            ),
            ("OTEL_SDK_DISABLED", "true turns all telemetry off, --trace included"),
        ]
    }
}
