import Foundation
import HTTPClient
import HTTPClientTestSupport
import QuestionsFeature
import QuestionsFeatureAPI
import Testing

/// Thousands of damaged real-shaped payloads per mapper: each must give a value or a typed error, never a crash.
@Suite struct MapperFuzzTests {
    private static let variants = 2_500
    /// The HTML converter is the slowest step in a debug build; fewer variants keep the suite under a second.
    private static let htmlVariants = 1_500

    @Test func questionsMapperNeverCrashes() throws {
        let payload = try compact(Fixtures.data("questions-page-backoff.json"))
        var outcomes = Outcomes()

        for (index, mutant) in Mutations.of(payload, count: Self.variants, seed: 1).enumerated() {
            outcomes.record {
                try QuestionsMapper.map(data: Data(mutant), response: HTTPResponse(statusCode: status(index)))
            } typed: {
                $0 is QuestionsMapper.Error || $0 is StackExchangeAPIError
            }
        }

        outcomes.expectBothOutcomes()
    }

    @Test func questionMapperNeverCrashesAndItsBodyRendersAsText() throws {
        let payload = try compact(Fixtures.question("79123456"))
        var outcomes = Outcomes()

        for (index, mutant) in Mutations.of(payload, count: Self.variants, seed: 2).enumerated() {
            outcomes.record {
                let question = try QuestionMapper.map(
                    data: Data(mutant), response: HTTPResponse(statusCode: status(index)), id: "79123456")
                _ = HTMLText.plainText(fromHTML: question.bodyHTML ?? "")
                return question
            } typed: {
                $0 is QuestionMapper.Error || $0 is StackExchangeAPIError
            }
        }

        outcomes.expectBothOutcomes()
    }

    @Test func errorObjectsNeverCrash() throws {
        let payload = [UInt8](try Fixtures.throttleViolation)
        var outcomes = Outcomes()

        for mutant in Mutations.of(payload, count: Self.variants, seed: 3) {
            outcomes.record {
                try QuestionsMapper.map(data: Data(mutant), response: HTTPResponse(statusCode: 400))
            } typed: {
                $0 is QuestionsMapper.Error || $0 is StackExchangeAPIError
            }
        }

        #expect(outcomes.failures == Self.variants)
    }

    @Test func avatarMapperNeverCrashes() throws {
        let images = [
            [UInt8](try Fixtures.avatarPNG), ImageBytes.jpeg(width: 64, height: 64),
            ImageBytes.gif(width: 8, height: 8),
            ImageBytes.webpExtended(width: 9, height: 9), ImageBytes.webpLossless(width: 3, height: 4),
        ]
        var outcomes = Outcomes()

        for (seed, image) in images.enumerated() {
            for mutant in Mutations.of(image, count: Self.variants / images.count, seed: UInt64(10 + seed)) {
                outcomes.record {
                    try AvatarMapper.map(data: Data(mutant), response: HTTPResponse(statusCode: 200))
                } typed: {
                    $0 is AvatarMapper.Error
                }
            }
        }

        #expect(outcomes.values > 0)
    }

    @Test func htmlTextNeverCrashesOnDamagedBodies() throws {
        let body = try #require(
            try QuestionMapper.map(
                data: Fixtures.question("79123456"), response: HTTPResponse(statusCode: 200), id: "79123456"
            )
            .bodyHTML)
        let extras = "<blockquote><ol><li><a href='x'>l<img src=y alt=z></a></ol></blockquote>&#x1F600;&amp;&#99999999;"

        for mutant in Mutations.of(Array((body + extras).utf8), count: Self.htmlVariants, seed: 4) {
            let html = String(decoding: mutant, as: UTF8.self)
            _ = HTMLText.plainText(fromHTML: html)
            _ = HTMLEntities.decode(html)
        }
    }

    /// Every tenth variant is sent with an error status, so the error path is fuzzed too.
    private func status(_ index: Int) -> Int {
        index.isMultiple(of: 10) ? 400 : 200
    }

    /// The payload without the fixture's indentation, so a mutation more often hits something that matters.
    private func compact(_ data: Data) throws -> [UInt8] {
        let object = try JSONSerialization.jsonObject(with: data)
        return [UInt8](try JSONSerialization.data(withJSONObject: object))
    }
}

/// Counts values and typed failures, and records any other error as a test issue.
private struct Outcomes {
    var values = 0
    var failures = 0

    mutating func record<Value>(_ body: () throws -> Value, typed isTyped: (any Error) -> Bool) {
        do {
            _ = try body()
            values += 1
        } catch {
            if isTyped(error) {
                failures += 1
            } else {
                Issue.record("untyped error: \(error)")
            }
        }
    }

    func expectBothOutcomes() {
        #expect(values > 0)
        #expect(failures > 0)
    }
}
