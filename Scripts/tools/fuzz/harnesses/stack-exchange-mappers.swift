// Target `stack-exchange-mappers`: the Stack Exchange response mappers of QuestionsFeatureAPI
// (QuestionsMapper, QuestionMapper, BackoffMapper, AvatarMapper and ImageHeader). The input is a response body.
// Properties: mapping throws typed errors, never crashes; BackoffMapper agrees with the page's backoff and
// with a throttle error's wait; every question of a page maps alone by its ID to the same question; an
// avatar's size is positive when known and its format follows the signature.

import Foundation
import HTTPClient
import QuestionsFeature

@testable import QuestionsFeatureAPI

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let body = FuzzInput(data, size).data
    for status in [200, 400] {
        let response = HTTPResponse(statusCode: status, headers: ["Content-Type": "application/json"])
        let backoff = BackoffMapper.map(data: body)?.seconds
        check(backoff.map { (1...Backoff.ceiling).contains($0) } ?? true, "backoff \(String(describing: backoff))")
        do {
            let page = try QuestionsMapper.map(data: body, response: response)
            check(status == 200, "a page from status \(status)")
            let pageBackoff = page.backoffSeconds.flatMap { Backoff(seconds: $0)?.seconds }
            check(backoff == pageBackoff, "backoff \(String(describing: backoff)) != page's")
            for question in page.questions.prefix(4) {
                let alone = try? QuestionMapper.map(data: body, response: response, id: question.id)
                check(alone?.id == question.id, "question \(question.id) does not map alone")
            }
        } catch let error as StackExchangeAPIError {
            let wait = error.retryAfterSeconds.flatMap { Backoff(seconds: $0)?.seconds }
            let expected = error.isThrottleViolation ? wait : nil
            check(backoff == expected, "backoff \(String(describing: backoff)) for \(error)")
            _ = error.recoverySuggestion
        } catch let error as QuestionsMapper.Error {
            _ = error.description
            _ = error.recoverySuggestion
        } catch {
            check(false, "an untyped error: \(error)")
        }
        if let avatar = try? AvatarMapper.map(data: body, response: response) {
            check(status == 200 && !body.isEmpty, "an avatar from status \(status)")
            check((avatar.width == nil) == (avatar.height == nil), "half a size")
            check((avatar.width ?? 1) > 0 && (avatar.height ?? 1) > 0, "size \(String(describing: avatar.width))")
            if avatar.format == .unknown { check(avatar.width == nil, "a size for an unknown format") }
        }
    }
    return 0
}
