import Foundation
import HTTPClientSupport

extension HTTPExchangeMetrics {
    /// The span events of the phases the transport measured, in order: `networking.phase.<phase>` at the moment
    /// the phase ended, with `networking.phase.seconds`, the time from the exchange's start.
    var spanEvents: [SpanEvent] {
        let phases: [(String, Duration?)] = [
            ("name_lookup", nameLookup), ("connect", connect), ("tls", secureConnect), ("request_sent", requestSent),
            ("first_byte", firstByte), ("end", end),
        ]
        return phases.compactMap { name, elapsed in
            elapsed.map { elapsed in
                let seconds = elapsed.seconds
                return SpanEvent(
                    name: "networking.phase.\(name)", time: startTime.addingTimeInterval(seconds),
                    attributes: ["networking.phase.seconds": .double(seconds)])
            }
        }
    }

    /// Adds the attributes the span and the duration histogram share (`network.protocol.version`) to
    /// `attributes`, keeping any value already there.
    func addSharedAttributes(to attributes: inout Attributes) {
        if let protocolVersion { attributes.keepingFirst("network.protocol.version", .string(protocolVersion)) }
    }

    /// Adds the span's own attributes (the peer and the body sizes) to `attributes`, keeping any value already
    /// there.
    func addSpanAttributes(to attributes: inout Attributes) {
        if let remoteAddress { attributes.keepingFirst("network.peer.address", .string(remoteAddress)) }
        if let remotePort { attributes.keepingFirst("network.peer.port", .int(Int64(remotePort))) }
        if let requestBodyBytes { attributes.keepingFirst("http.request.body.size", .int(requestBodyBytes)) }
        if let responseBodyBytes { attributes.keepingFirst("http.response.body.size", .int(responseBodyBytes)) }
    }
}

extension Dictionary where Key == String, Value == AttributeValue {
    /// Sets `key` to `value` unless the dictionary already holds a value for it.
    mutating func keepingFirst(_ key: String, _ value: AttributeValue) {
        if self[key] == nil { self[key] = value }
    }
}

extension Duration {
    /// The duration in seconds.
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
