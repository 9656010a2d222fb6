import HTTPClient
import HTTPClientSupport
import Testing

struct LockedValueTests {
    @Test func concurrentUpdatesAreNeitherLostNorTorn() async {
        let counter = LockedValue(0)

        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    for _ in 0..<1_000 { counter.withLock { $0 += 1 } }
                }
            }
        }

        #expect(counter.withLock { $0 } == 8_000)
    }

    @Test func copiesShareOneValue() {
        let original = LockedValue(1)
        let copy = original

        copy.withLock { $0 += 1 }

        #expect(original.withLock { $0 } == 2)
    }

    @Test func rethrowsTheBodysTypedErrorAndKeepsChangesMadeBeforeIt() {
        struct Stop: Error, Equatable {}
        let value = LockedValue([1])

        #expect(throws: Stop.self) {
            try value.withLock { (numbers: inout [Int]) throws(Stop) in
                numbers.append(2)
                throw Stop()
            }
        }
        #expect(value.withLock { $0 } == [1, 2])
    }
}
