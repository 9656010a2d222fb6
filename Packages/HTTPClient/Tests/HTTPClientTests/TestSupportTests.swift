import HTTPClientTestSupport
import Testing

struct TestSupportTests {
    @Test func weakReferenceSeesRelease() {
        final class Object {}
        var object: Object? = Object()
        let reference = WeakReference(object!)

        object = nil

        #expect(object == nil)
        #expect(reference.object == nil)
    }

    @Test func recordedValuesKeepsEveryConcurrentAppend() async {
        let values = RecordedValues<Int>()

        await withTaskGroup(of: Void.self) { group in
            for index in 0..<200 { group.addTask { values.append(index) } }
        }

        #expect(Set(values.values) == Set(0..<200))
    }
}
