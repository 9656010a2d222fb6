import Foundation
import HTTPClient
import HTTPTelemetry
import HTTPTelemetryOTLP
import Testing

struct TelemetryConfigurationTests {
    @Test func anEmptyEnvironmentExportsNothingAndReportsNothing() {
        let sut = TelemetryConfiguration(environment: [:])

        #expect(!sut.isDisabled && !sut.exportsOverOTLP)
        #expect(sut.endpoints == OTLPEndpoints(traces: nil, metrics: nil))
        #expect(sut.headers.isEmpty && sut.serviceName == nil && sut.resourceAttributes.isEmpty)
        #expect(sut.problems.isEmpty)
    }

    @Test func theGeneralEndpointGetsEachSignalsPath() {
        let sut = TelemetryConfiguration(environment: ["OTEL_EXPORTER_OTLP_ENDPOINT": "http://127.0.0.1:4318/otlp/"])

        #expect(sut.endpoints.traces?.absoluteString == "http://127.0.0.1:4318/otlp/v1/traces")
        #expect(sut.endpoints.metrics?.absoluteString == "http://127.0.0.1:4318/otlp/v1/metrics")
        #expect(sut.exportsOverOTLP)
    }

    @Test func aSignalsOwnEndpointIsUsedAsGivenAndWinsOverTheGeneralOne() {
        let sut = TelemetryConfiguration(environment: [
            "OTEL_EXPORTER_OTLP_ENDPOINT": "http://collector:4318",
            "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT": "https://traces.example/custom",
        ])

        #expect(sut.endpoints.traces?.absoluteString == "https://traces.example/custom")
        #expect(sut.endpoints.metrics?.absoluteString == "http://collector:4318/v1/metrics")
    }

    @Test func onlyTheMetricsEndpointExportsOnlyMetrics() {
        let sut = TelemetryConfiguration(environment: ["OTEL_EXPORTER_OTLP_METRICS_ENDPOINT": "http://m:1/x"])

        #expect(sut.endpoints.traces == nil)
        #expect(sut.endpoints.metrics?.absoluteString == "http://m:1/x")
    }

    @Test(arguments: ["collector:4318", "ftp://collector/", "/v1/traces", "http://", "not a url"])
    func anEndpointThatIsNoHTTPURLIsIgnoredWithAProblem(value: String) {
        let sut = TelemetryConfiguration(environment: [
            "OTEL_EXPORTER_OTLP_ENDPOINT": "http://collector:4318",
            "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT": value,
        ])

        #expect(sut.endpoints.traces?.absoluteString == "http://collector:4318/v1/traces")
        #expect(
            sut.problems
                == [TelemetryConfigurationError(variable: "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", problem: .notAnHTTPURL)]
        )
        #expect(
            sut.problems.first?.description
                == "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT is not an absolute http or https URL; it is ignored")
    }

    @Test func anInvalidGeneralEndpointLeavesBothSignalsUnexported() {
        let sut = TelemetryConfiguration(environment: ["OTEL_EXPORTER_OTLP_ENDPOINT": "collector"])

        #expect(!sut.exportsOverOTLP)
        #expect(sut.problems.map(\.variable) == ["OTEL_EXPORTER_OTLP_ENDPOINT"])
    }

    @Test func anEmptyVariableCountsAsUnset() {
        let sut = TelemetryConfiguration(environment: [
            "OTEL_EXPORTER_OTLP_ENDPOINT": "", "OTEL_SDK_DISABLED": "", "OTEL_SERVICE_NAME": " ",
        ])

        #expect(!sut.exportsOverOTLP && !sut.isDisabled && sut.serviceName == nil && sut.problems.isEmpty)
    }

    @Test func headersAreKeyValuePairsPercentDecodedWithBlanksAroundDropped() {
        let sut = TelemetryConfiguration(environment: [
            "OTEL_EXPORTER_OTLP_ENDPOINT": "http://collector:4318",
            "OTEL_EXPORTER_OTLP_HEADERS": " api-key = s3cret%2C1 ,, Authorization=Basic%20dXNlcjpwYXNz,x=a=b",
        ])

        #expect(sut.headers["api-key"] == "s3cret,1")
        #expect(sut.headers["Authorization"] == "Basic dXNlcjpwYXNz")
        #expect(sut.headers["x"] == "a=b")
        #expect(sut.headers.count == 3 && sut.problems.isEmpty)
    }

    @Test(arguments: [
        ("api-key", 1), ("a=1,=2", 2), ("a=1,b", 2), ("a=%zz", 1), ("a b=1", 1), ("a=%0D%0Ax:1", 1),
        ("ok=1, bad name=2", 2),
    ])
    func headersThatAreNoListTurnOTLPExportOffWithoutNamingTheValue(value: String, member: Int) {
        let sut = TelemetryConfiguration(environment: [
            "OTEL_EXPORTER_OTLP_ENDPOINT": "http://collector:4318", "OTEL_EXPORTER_OTLP_HEADERS": value,
        ])

        #expect(!sut.exportsOverOTLP && sut.headers.isEmpty)
        let problem = TelemetryConfigurationError(
            variable: "OTEL_EXPORTER_OTLP_HEADERS", problem: .notAKeyValueList(member: member))
        #expect(sut.problems == [problem])
        #expect(
            problem.description
                == "OTEL_EXPORTER_OTLP_HEADERS is not a list of key=value pairs (member \(member)); it is ignored")
    }

    @Test(arguments: ["true", "TRUE", "True", " true "])
    func sdkDisabledTrueInAnyCaseTurnsEverythingOff(value: String) {
        let sut = TelemetryConfiguration(environment: [
            "OTEL_SDK_DISABLED": value, "OTEL_EXPORTER_OTLP_ENDPOINT": "http://collector:4318",
        ])

        #expect(sut.isDisabled && !sut.exportsOverOTLP && sut.problems.isEmpty)
    }

    @Test func sdkDisabledFalseLeavesTelemetryOn() {
        let sut = TelemetryConfiguration(environment: ["OTEL_SDK_DISABLED": "False"])

        #expect(!sut.isDisabled && sut.problems.isEmpty)
    }

    @Test(arguments: ["1", "yes", "on"])
    func anySdkDisabledValueOtherThanTrueOrFalseLeavesItOnWithAProblem(value: String) {
        let sut = TelemetryConfiguration(environment: ["OTEL_SDK_DISABLED": value])

        #expect(!sut.isDisabled)
        #expect(sut.problems == [TelemetryConfigurationError(variable: "OTEL_SDK_DISABLED", problem: .notABoolean)])
        #expect(sut.problems.first?.description == "OTEL_SDK_DISABLED is neither true nor false; telemetry stays on")
    }

    @Test func resourceAttributesArePercentDecodedStrings() {
        let sut = TelemetryConfiguration(environment: [
            "OTEL_RESOURCE_ATTRIBUTES": "deployment.environment=ci,team=net%20work"
        ])

        #expect(sut.resourceAttributes == ["deployment.environment": "ci", "team": "net work"])
        #expect(
            sut.resource(defaultServiceName: "networking").attributes
                == ["deployment.environment": "ci", "team": "net work", "service.name": "networking"])
    }

    @Test func theServiceNameWinsOverServiceNameInTheAttributes() {
        let sut = TelemetryConfiguration(environment: [
            "OTEL_SERVICE_NAME": "from-name", "OTEL_RESOURCE_ATTRIBUTES": "service.name=from-attributes",
        ])

        #expect(sut.resource(defaultServiceName: "networking").attributes["service.name"] == "from-name")
    }

    @Test func serviceNameInTheAttributesWinsOverTheDefault() {
        let sut = TelemetryConfiguration(environment: ["OTEL_RESOURCE_ATTRIBUTES": "service.name=from-attributes"])

        #expect(sut.resource(defaultServiceName: "networking").attributes["service.name"] == "from-attributes")
    }

    @Test func theCallersAttributesAreAddedToTheResource() {
        let sut = TelemetryConfiguration(environment: ["OTEL_RESOURCE_ATTRIBUTES": "service.version=0"])

        let resource = sut.resource(defaultServiceName: "networking", attributes: ["service.version": "1.2"])

        #expect(resource.attributes == ["service.version": "1.2", "service.name": "networking"])
    }

    @Test func invalidResourceAttributesAreIgnoredWithAProblem() {
        let sut = TelemetryConfiguration(environment: ["OTEL_RESOURCE_ATTRIBUTES": "a=1,b"])

        #expect(sut.resourceAttributes.isEmpty)
        #expect(sut.problems.map(\.variable) == ["OTEL_RESOURCE_ATTRIBUTES"])
    }
}
