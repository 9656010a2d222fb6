import Foundation
import HTTPClient
import HTTPClientDecorators
import HTTPClientTestSupport
import Testing

struct LoadTrackingHTTPClientTests {
    @Test func countsEachLoadUntilItReturnsOrThrows() async throws {
        let (answer, fail) = (Gate(), Gate())
        let client = ScriptedHTTPClient(replies: [.after(answer, .status(200)), .after(fail, .failure(AnyError()))])
        let loads = InFlightLoads()
        let sut = client.trackingLoads(in: loads)

        let first = Task { try await sut.load(request: TestRequest()) }
        await client.waitForRequests(count: 1)
        let second = Task { try await sut.load(request: TestRequest()) }
        await client.waitForRequests(count: 2)
        #expect(loads.count == 2)

        await answer.open()
        _ = try await first.value
        #expect(loads.count == 1)
        await fail.open()
        await #expect(throws: AnyError.self) { try await second.value }
        #expect(loads.count == 0)
    }

    @Test func drainedReturnsAtOnceWhenNothingRuns() async {
        let loads = InFlightLoads(clock: TestClock())  // its sleeps never end: only an idle counter returns

        await loads.drained(within: .seconds(5))

        #expect(loads.count == 0)
    }

    @Test func drainedWaitsForTheLastLoadEvenInACancelledTask() async throws {
        let (reply, events) = (Gate(), RecordedValues<String>())
        let client = ScriptedHTTPClient { _ in
            try await reply.wait()
            events.append("answered")
            return (Data(), HTTPResponse(statusCode: 200))
        }
        let loads = InFlightLoads(clock: TestClock())  // its sleeps never end: only the last load ends the wait
        let load = Task { try await client.trackingLoads(in: loads).load(request: TestRequest()) }
        await client.waitForRequests(count: 1)
        let waiting = Gate()

        let waiter = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            await waiting.open()
            await loads.drained(within: .seconds(5))
            events.append("drained")
        }
        try await waiting.wait()
        await reply.open()
        _ = try await load.value
        await waiter.value

        #expect(events.values == ["answered", "drained"])
        #expect(loads.count == 0)
    }

    @Test func drainedGivesUpAfterTheLimit() async throws {
        let slept = RecordedValues<Duration>()
        let client = ScriptedHTTPClient(replies: [.after(Gate(), .status(200))])
        let loads = InFlightLoads(clock: TestClock { slept.append($0) })
        let load = Task { try await client.trackingLoads(in: loads).load(request: TestRequest()) }
        await client.waitForRequests(count: 1)

        await loads.drained(within: .seconds(5))

        #expect(slept.values == [.seconds(5)])
        #expect(loads.count == 1)
        load.cancel()
    }

    @Test func releasesTheClientAfterUse() async throws {
        func useAndDrop() async throws -> (WeakReference<ScriptedHTTPClient>, WeakReference<InFlightLoads>) {
            let (client, loads) = (ScriptedHTTPClient.always(200), InFlightLoads())
            try await client.trackingLoads(in: loads).load(request: TestRequest())
            await loads.drained(within: .seconds(1))
            return (WeakReference(client), WeakReference(loads))
        }

        let (client, loads) = try await useAndDrop()

        #expect(client.object == nil && loads.object == nil)
    }
}
