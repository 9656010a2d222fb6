import HTTPClientSupport
import HTTPClientTestSupport
import Testing

struct HTTPAnswerSourceObserverTests {
    @Test func handsEachSourceToItsHandlerWhileItIsCurrent() {
        let heard = RecordedValues<HTTPAnswerSource>()

        HTTPAnswerSourceObserver.$current.withValue(HTTPAnswerSourceObserver { heard.append($0) }) {
            HTTPAnswerSourceObserver.current?.observe(.cache(.hit))
            HTTPAnswerSourceObserver.current?.observe(.replay)
        }
        HTTPAnswerSourceObserver.current?.observe(.cache(.miss))

        #expect(heard.values == [.cache(.hit), .replay])
        #expect(HTTPAnswerSourceObserver.current == nil)
    }
}
