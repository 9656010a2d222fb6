import CurlInfrastructure
import FilesFeatureAPI
import Foundation
import HTTPArchive
import HTTPCaching
import HTTPClient
import HTTPClientDecorators
import HTTPClientSupport
import HTTPTelemetry
import HTTPTelemetryOTLP
import HTTPTransfers
import QuestionsFeature
import QuestionsFeatureAPI
import Testing
import TokenFeatureAPI
import URLSessionInfrastructure

@testable import NetworkingApp
@testable import NetworkingComposition

/// Every public error type of every package states the exit status it ends the tool with; one that states
/// none exits 70 and its message names it.
struct CategorizedErrorTests {
    /// Every public error type of the packages' library modules, under its fully qualified name. Typed
    /// `any CategorizedError.Type`: a type without a category does not compile here.
    static let categorized: [String: any CategorizedError.Type] = [
        "CurlInfrastructure.CurlClient.BodyRewindError": CurlClient.BodyRewindError.self,
        "CurlInfrastructure.CurlConnectionPool.SettingsError": CurlConnectionPool.SettingsError.self,
        "CurlInfrastructure.CurlError": CurlError.self,
        "FilesFeatureAPI.FilesDeleteMapper.Error": FilesDeleteMapper.Error.self,
        "FilesFeatureAPI.FilesDownloadMapper.Error": FilesDownloadMapper.Error.self,
        "FilesFeatureAPI.FilesListMapper.Error": FilesListMapper.Error.self,
        "FilesFeatureAPI.FilesUploadForm.Error": FilesUploadForm.Error.self,
        "FilesFeatureAPI.FilesUploadMapper.Error": FilesUploadMapper.Error.self,
        "HTTPArchive.HARArchiveError": HARArchiveError.self,
        "HTTPArchive.HARMissingBodyError": HARMissingBodyError.self,
        "HTTPArchive.HARRecordedError": HARRecordedError.self,
        "HTTPArchive.HARReplayError": HARReplayError.self,
        "HTTPCaching.DiskHTTPCacheStore.Error": DiskHTTPCacheStore.Error.self,
        "HTTPCaching.HTTPCacheError": HTTPCacheError.self,
        "HTTPClient.HTTPBodyError": HTTPBodyError.self,
        "HTTPClient.HTTPError": HTTPError.self,
        "HTTPClient.HTTPTransportError": HTTPTransportError.self,
        "HTTPClientSupport.HTTPContentRange.ParseError": HTTPContentRange.ParseError.self,
        "HTTPClientSupport.InvalidHeaderFieldError": InvalidHeaderFieldError.self,
        "HTTPClientSupport.RedirectError": RedirectError.self,
        "HTTPClientSupport.TLSOptionsError": TLSOptionsError.self,
        "HTTPClientSupport.TransportConfigurationError": TransportConfigurationError.self,
        "HTTPClientDecorators.AuthenticatedHTTPClient.Error": AuthenticatedHTTPClient.Error.self,
        "HTTPClientDecorators.ContentTypeValidationError": ContentTypeValidationError.self,
        "HTTPClientDecorators.TimeoutError": TimeoutError.self,
        "HTTPClientDecorators.TokenRefreshError": TokenRefreshError.self,
        "HTTPTelemetryOTLP.OTLPExportError": OTLPExportError.self,
        "HTTPTelemetryOTLP.TelemetryConfigurationError": TelemetryConfigurationError.self,
        "HTTPTransfers.HTTPDigest.FormatError": HTTPDigest.FormatError.self,
        "HTTPTransfers.HTTPDownloadError": HTTPDownloadError.self,
        "HTTPTransfers.ResumableUploadError": ResumableUploadError.self,
        "QuestionsFeatureAPI.AvatarMapper.Error": AvatarMapper.Error.self,
        "QuestionsFeatureAPI.AvatarRequest.Error": AvatarRequest.Error.self,
        "QuestionsFeatureAPI.BackoffInEffect": BackoffInEffect.self,
        "QuestionsFeatureAPI.QuestionMapper.Error": QuestionMapper.Error.self,
        "QuestionsFeatureAPI.QuestionsMapper.Error": QuestionsMapper.Error.self,
        "QuestionsFeatureAPI.StackExchangeAPIError": StackExchangeAPIError.self,
        "TokenFeatureAPI.AccessTokenMapper.Error": AccessTokenMapper.Error.self,
        "TokenFeatureAPI.TokenMapper.Error": TokenMapper.Error.self,
        "TokenFeatureAPI.TokenUpdateMapper.Error": TokenUpdateMapper.Error.self,
        "URLSessionInfrastructure.URLSessionClient.TransferError": URLSessionClient.TransferError.self,
    ]

    @Test func everyPublicErrorTypeOfEveryPackageStatesAnExitStatus() throws {
        let listed = try PublicErrorTypes.listedInBaselines()
        let uncategorized = listed.subtracting(Self.categorized.keys).sorted()

        #expect(
            uncategorized.isEmpty,
            """
            \(uncategorized.joined(separator: ", ")) state(s) no exit status: conform each to CategorizedError in \
            App/Sources/NetworkingApp/ExitStatus/<Module>+CategorizedError.swift and list it here
            """)
        #expect(Set(Self.categorized.keys).subtracting(listed).isEmpty, "listed here but not public errors")
    }

    @Test func theBaselinesListEveryErrorTypeTheSourcesDeclare() throws {
        let listed = Set(try PublicErrorTypes.listedInBaselines().compactMap { $0.split(separator: ".").last })
        let unlisted = try PublicErrorTypes.declaredInSources().filter { !listed.contains(Substring($0)) }.sorted()

        #expect(
            unlisted.isEmpty,
            "\(unlisted.joined(separator: ", ")) not in Tests/API: record the API with Scripts/check-api --update")
    }

    @Test func theTableNamesEachTypeByItsOwnName() {
        for (name, type) in Self.categorized {
            #expect(String(reflecting: type) == name)
        }
    }

    @Test func wrappersStateTheirCausesStatus() {
        let notFound = QuestionMapper.Error.notFound(Question.ID("1"))

        #expect(FailureClassifier.status(for: TokenRefreshError.refreshFailed(underlying: notFound)) == .notFound)
        #expect(
            FailureClassifier.status(
                for: AuthenticatedHTTPClient.Error.missingAccessToken(
                    underlying: TokenRefreshError.refreshFailed(
                        underlying: HTTPError.httpCode(statusCode: 500, data: Data())))
            ) == .serverError)
        #expect(FailureClassifier.status(for: TokenRefreshError.refreshLimitExceeded) == .serverError)
    }

    @Test func anErrorWithoutACategoryExits70AndItsMessageNamesItsType() {
        struct Unforeseen: Error {}

        #expect(FailureClassifier.status(for: Unforeseen()) == AppExitStatus.internalError)
        #expect(AppExitStatus.internalError.rawValue == 70)
        let line = Report.line("Could not load", Unforeseen())
        #expect(line.contains("AppTests.CategorizedErrorTests"), "\(line)")
        #expect(line.contains("Unforeseen"), "\(line)")
        #expect(
            FailureClassifier.status(for: TokenRefreshError.refreshFailed(underlying: Unforeseen())) == .internalError)
    }

    @Test func aFoundationFileErrorIsAFileFailureHoweverItArrives() {
        let error: any Error = NSError(domain: NSCocoaErrorDomain, code: CocoaError.fileWriteNoPermission.rawValue)

        #expect(FailureClassifier.status(for: error) == AppExitStatus.localFileFailure)
        #expect(FailureClassifier.status(for: CocoaError(.fileReadNoSuchFile)) == AppExitStatus.localFileFailure)
    }

    @Test func aDestinationAnotherDownloadWritesIsAFileFailure() {
        let inUse = HTTPDownloadError.destinationInUse(
            destination: "/d/same.bin", lockFile: "/d/same.bin.partial.lock", holder: 7)

        #expect(FailureClassifier.status(for: inUse) == AppExitStatus.localFileFailure)
        #expect(
            FailureClassifier.status(for: HTTPDownloadError.partialFileReplaced(path: "/d/same.bin.partial"))
                == AppExitStatus.localFileFailure)
    }
}
