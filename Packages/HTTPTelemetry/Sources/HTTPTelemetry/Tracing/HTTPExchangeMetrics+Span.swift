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

    /// The attributes the span and the duration histogram share: `network.protocol.version`.
    var sharedAttributes: Attributes {
        protocolVersion.map { ["network.protocol.version": .string($0)] } ?? [:]
    }

    /// The span's own attributes: the peer and the body sizes.
    var spanAttributes: Attributes {
        var attributes: Attributes = [:]
        if let remoteAddress { attributes["network.peer.address"] = .string(remoteAddress) }
        if let remotePort { attributes["network.peer.port"] = .int(Int64(remotePort)) }
        if let requestBodyBytes { attributes["http.request.body.size"] = .int(requestBodyBytes) }
        if let responseBodyBytes { attributes["http.response.body.size"] = .int(responseBodyBytes) }
        return attributes
    }
}

extension Duration {
    /// The duration in seconds.
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
