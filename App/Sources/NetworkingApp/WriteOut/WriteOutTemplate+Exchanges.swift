import CommandLineKit
import Foundation
import HTTPClientDecorators
import NetworkingComposition

extension WriteOutTemplate {
    /// Wraps each transport `makeTransport` makes so that every exchange it ends is written through `write`, as
    /// ``text(for:)`` renders it: the transport collects its exchanges (`collectingExchanges(baseURL:into:)`),
    /// so the measurement is the transport's own.
    func writingOut(
        _ makeTransport: @escaping HTTPClientFactory.MakeTransport, write: @escaping @Sendable (String) -> Void
    ) -> HTTPClientFactory.MakeTransport {
        { baseURL, settings in
            try makeTransport(baseURL, settings).collectingExchanges(baseURL: baseURL) { write(text(for: $0)) }
        }
    }

    /// The text for `exchange`: its values made safe for a terminal, the format's own text as given.
    func text(for exchange: CollectedHTTPExchange) -> String {
        let values = WriteOutExchange(exchange)
        return render { TerminalText.sanitized(values.value(of: $0)) }
    }
}
