import Testing

/// A contract case that a transport cannot meet on this platform, for a reason outside its own code.
///
/// The case still runs for that transport, inside `withKnownIssue`: the suite says why it fails there and
/// notices when it stops failing.
enum KnownLimitation: Sendable {
    /// The process spins a core while a request waits for a slow answer on a new connection.
    case busyWaitOnNewConnection
    /// A 307 or 308 redirect of a request with a body is resent without the body.
    case redirectDropsBody
    /// Receiving cannot be paused, so a slow consumer lets received bytes pile up in the client.
    case noReceiveFlowControl
    /// A request whose connection dropped under its body is sent again at once on a new connection, which
    /// tuspyserver cannot take while it still holds the dropped request's upload lock.
    case resendsCutUploadToTuspyserver

    /// Why the transport cannot meet the case.
    var reason: Comment {
        let text =
            switch self {
            case .busyWaitOnNewConnection:
                "FoundationNetworking keeps a Dispatch write source on the connecting socket after libcurl asks for "
                    + "POLL_IN only, so it fires until the transfer ends (URLSessionInfrastructure README)"
            case .redirectDropsBody:
                "swift-corelibs-foundation resends a 307/308 redirect without the body"
            case .noReceiveFlowControl:
                "FoundationNetworking cannot pause a data task's receiving (suspend is a fatalError in corelibs), so "
                    + "the bytes a slow consumer has not read wait in the client"
            case .resendsCutUploadToTuspyserver:
                "FoundationNetworking's libcurl resends a PATCH whose connection dropped at once, on a new "
                    + "connection; when that resend reaches tuspyserver before it has noticed the drop, its handler "
                    + "waits for the upload lock with a blocking poll on the server's event loop, so the server "
                    + "answers nothing for up to 30 s and then 503"
            }
        return Comment(rawValue: text)
    }

    /// Whether the case may pass all the same: a spinning thread's CPU time depends on how busy the machine is, and
    /// whether tuspyserver notices a dropped connection before its resend arrives depends on timing.
    var isIntermittent: Bool {
        switch self {
        case .busyWaitOnNewConnection, .resendsCutUploadToTuspyserver: true
        case .redirectDropsBody, .noReceiveFlowControl: false
        }
    }
}

extension Transport {
    /// Whether this transport has `limitation` on the platform the tests run on.
    func has(_ limitation: KnownLimitation) -> Bool {
        switch (self, limitation) {
        case (.urlSession, .busyWaitOnNewConnection), (.urlSession, .redirectDropsBody):
            #if canImport(FoundationNetworking)
                true
            #else
                false
            #endif
        case (.urlSession, .noReceiveFlowControl), (.urlSession, .resendsCutUploadToTuspyserver):
            #if canImport(FoundationNetworking)
                true
            #else
                false
            #endif
        case (.curl, _): false
        }
    }

    /// Runs `body`, as a known issue when this transport has one of `limitations` (the first it has gives
    /// the reason).
    func expecting(_ limitations: KnownLimitation..., body: () async throws -> Void) async throws {
        if let limitation = limitations.first(where: has) {
            await withKnownIssue(limitation.reason, isIntermittent: limitation.isIntermittent) { try await body() }
        } else {
            try await body()
        }
    }
}
