import Foundation
import HTTPArchive
import HTTPClient
import HTTPClientDecorators
import HTTPClientTestSupport
import QuestionsFeatureAPI
import Testing

@testable import NetworkingApp
@testable import NetworkingComposition

/// Exit statuses and the one-line failure messages: a sentence, then advice that fits the cause.
struct FailureReportTests {
    @Test(arguments: [
        HTTPTransportError.undecodableContent(underlying: TestFailure("incorrect header check")),
        HTTPTransportError.responseTooLarge(limit: 10_000_000),
    ])
    func anAnswerThatCannotBeUsedExits3(error: HTTPTransportError) {
        #expect(FailureClassifier.status(for: error) == AppExitStatus.invalidResponse)
        #expect(!Report.line("Could not load", error).contains(FailureAdvice.network))
    }

    @Test func theRealTransportFailuresStillExit1WithNetworkAdvice() {
        for error in [
            HTTPTransportError.cannotConnect(underlying: TestFailure("refused")),
            .timedOut(underlying: TestFailure("30 s")),
            .connectionLost(underlying: TestFailure("reset")),
        ] {
            #expect(FailureClassifier.status(for: error) == AppExitStatus.networkFailure)
            #expect(Report.line("Could not load", error).hasSuffix(". \(FailureAdvice.network)\n"))
        }
    }

    @Test func causesOtherThanTheNetworkGetNoNetworkAdvice() {
        let errors: [any Error] = [
            HARReplayError(method: "GET", url: "/x", nearest: nil),
            ContentTypeValidationError.unacceptableContentType(received: "text/html", accepted: "application/json"),
            CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "/x/y.png"]),
            BackoffInEffect(method: "questions", secondsLeft: 5),
        ]
        for error in errors {
            let line = Report.line("Could not load", error)
            #expect(!line.contains("Check the network"), "\(line)")
            #expect(line.filter { $0 == "\n" }.count == 1 && line.hasSuffix(".\n"), "\(line)")
        }
    }

    @Test func aFileErrorIsAPlainSentenceNotAnNSErrorDump() {
        let underlying = NSError(domain: NSPOSIXErrorDomain, code: Int(ENOENT))
        let error = CocoaError(
            .fileNoSuchFile, userInfo: [NSFilePathErrorKey: "/x/y.png", NSUnderlyingErrorKey: underlying])

        #expect(
            Report.line("Could not save the avatar", error)
                == "networking: Could not save the avatar: Could not write /x/y.png: the folder does not exist. "
                + "Create the folder first, or choose another path.\n")
        #expect(FailureClassifier.status(for: error) == AppExitStatus.localFileFailure)
    }

    @Test func anNSErrorOfNoKnownKindIsNeverDumped() {
        let error = NSError(domain: "Elsewhere", code: 7, userInfo: [NSLocalizedDescriptionKey: "It broke"])

        #expect(!Report.line("Could not start", error).contains("Error Domain"))
    }
}
