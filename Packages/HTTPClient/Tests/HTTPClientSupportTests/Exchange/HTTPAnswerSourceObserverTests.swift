import HTTPClientSupport
import HTTPClientTestSupport
import Testing

struct HTTPAnswerSourceObserverTests {
    @Test func handsEachSourceToItsHandlerWhileItIsCurrent() async {
        let heard = RecordedValues<HTTPAnswerSource>()

        await HTTPAnswerSourceObserver { heard.append($0) }.observing {
            HTTPLoadObservation.current.answerSources?.observe(.cache(.hit))
            HTTPLoadObservation.current.answerSources?.observe(.replay)
        }
        HTTPLoadObservation.current.answerSources?.observe(.cache(.miss))

        #expect(heard.values == [.cache(.hit), .replay])
        #expect(HTTPLoadObservation.current.answerSources == nil)
    }
}
