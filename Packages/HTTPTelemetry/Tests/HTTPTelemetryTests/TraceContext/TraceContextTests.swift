import Foundation
import HTTPTelemetry
import Testing

struct TraceContextTests {
    static let valid = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"

    @Test func readsAVersion00Traceparent() throws {
        let context = try #require(TraceContext(traceparent: Self.valid))

        #expect(context.traceID.hex == "4bf92f3577b34da6a3ce929d0e0e4736")
        #expect(context.spanID.hex == "00f067aa0ba902b7")
        #expect(context.flags == 1 && context.isSampled)
        #expect(context.traceState == nil)
    }

    @Test func writesWhatItRead() throws {
        #expect(try #require(TraceContext(traceparent: Self.valid)).traceparent == Self.valid)
        let unsampled = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-00"
        #expect(try #require(TraceContext(traceparent: unsampled)).traceparent == unsampled)
    }

    @Test func keepsTracestateAsReceived() throws {
        let state = "rojo=00f067aa0ba902b7, congo=t61rcWkgMzE"
        let context = try #require(TraceContext(traceparent: Self.valid, tracestate: state))

        #expect(context.traceState == state)
        #expect(context.headers.map(\.value) == [Self.valid, state])
        #expect(TraceContext(traceparent: Self.valid, tracestate: "")?.traceState == nil)
    }

    @Test(arguments: [("ff", "03"), ("fd", "01"), ("04", "00"), ("02", "02")])
    func writesOnlyTheDefinedFlags(received: String, sent: String) throws {
        let prefix = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-"
        let context = try #require(TraceContext(traceparent: prefix + received))
        let made = TraceContext(traceID: context.traceID, spanID: context.spanID, flags: 0xFF)

        #expect(context.traceparent == prefix + sent)
        #expect(context.child().traceparent.hasSuffix("-\(sent)"))
        #expect(made.traceparent == prefix + "03")
    }

    @Test(arguments: [
        "a=1\r\nx-injected: 1",  // a line break
        (1...33).map { "k\($0)=v" }.joined(separator: ","),  // more than 32 members
        "a=" + String(repeating: "v", count: 255) + ",b=" + String(repeating: "v", count: 255) + ",c=1",  // > 512
        "A=1",  // upper-case key
        "1a=1",  // a simple key starting with a digit
        "a=1,a=2",  // a key twice
        "a=b=c",  // `=` in a value
        "a",  // no value
        "t@=1",  // an empty system id
        "a=\u{e9}",  // not ASCII
        " , ",  // no member
    ])
    func dropsAnInvalidTracestateAndKeepsTheContext(state: String) throws {
        let context = try #require(TraceContext(traceparent: Self.valid, tracestate: state))

        #expect(context.traceState == nil)
        #expect(context.headers.map(\.name) == ["traceparent"])
        var set = context
        set.traceState = state
        #expect(set.headers.map(\.name) == ["traceparent"], "a state set directly is checked when it is sent")
    }

    @Test(arguments: [
        "congo=t61rcWkgMzE",
        " rojo=00f067aa0ba902b7 ,\t, congo=t61rcWkgMzE ",
        (1...32).map { "k\($0)=v" }.joined(separator: ","),
        "fw529a3039@dt=ZmooZE5H, a1-b_c*d/e=x y",
    ])
    func keepsAValidTracestate(state: String) throws {
        #expect(try #require(TraceContext(traceparent: Self.valid, tracestate: state)).traceState == state)
    }

    @Test(arguments: [
        "00-4BF92F3577B34DA6A3CE929D0E0E4736-00F067AA0BA902B7-01",  // upper-case hex
        "00-00000000000000000000000000000000-00f067aa0ba902b7-01",  // all-zero trace id
        "00-4bf92f3577b34da6a3ce929d0e0e4736-0000000000000000-01",  // all-zero parent id
        "ff-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01",  // forbidden version
        "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01-extra",  // version 00 with more fields
        "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-1",  // short flags
        "00_4bf92f3577b34da6a3ce929d0e0e4736_00f067aa0ba902b7_01",  // wrong separators
        "00-4bf92f3577b34da6a3ce929d0e0e473g-00f067aa0ba902b7-01",  // not hex
        "0g-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01",  // version not hex
        "01-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01x",  // later version, no dash after flags
        "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7",  // no flags
        "",
    ])
    func rejectsWhatTheSpecificationRejects(_ header: String) {
        #expect(TraceContext(traceparent: header) == nil)
    }

    @Test func readsALaterVersionByItsVersion00Fields() throws {
        let context = try #require(
            TraceContext(traceparent: "cc-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-09-what-the-future-holds"))

        #expect(context.spanID.hex == "00f067aa0ba902b7")
        #expect(context.traceparent == "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01")
    }

    @Test func childKeepsTraceFlagsAndStateWithANewSpan() throws {
        let parent = try #require(TraceContext(traceparent: Self.valid, tracestate: "a=1"))

        let child = parent.child()

        #expect(child.traceID == parent.traceID && child.flags == parent.flags && child.traceState == "a=1")
        #expect(child.spanID != parent.spanID)
    }

    @Test func randomIdsAreValidAndDiffer() throws {
        let traces = (0..<100).map { _ in TraceID.random() }
        let spans = (0..<100).map { _ in SpanID.random() }

        #expect(Set(traces).count == 100 && Set(spans).count == 100)
        for trace in traces { #expect(TraceID(hex: trace.hex) == trace) }
        for span in spans { #expect(SpanID(hex: span.hex) == span) }
        #expect(TraceContext(traceparent: TraceContext.newTrace().traceparent) != nil)
    }

    @Test func zeroIdsCannotBeMade() {
        #expect(TraceID(high: 0, low: 0) == nil)
        #expect(SpanID(value: 0) == nil)
        #expect(TraceID(high: 0, low: 1)?.hex == "00000000000000000000000000000001")
    }

    @Test func hexWritesEveryDigitInPlace() throws {
        let trace = try #require(TraceID(high: 0x0123_4567_89ab_cdef, low: 0xfedc_ba98_7654_3210))
        let span = try #require(SpanID(value: 0x0f1e_2d3c_4b5a_6978))

        #expect(trace.hex == "0123456789abcdeffedcba9876543210")
        #expect(span.hex == "0f1e2d3c4b5a6978")
        #expect(
            TraceContext(traceID: trace, spanID: span, flags: 0x03).traceparent
                == "00-0123456789abcdeffedcba9876543210-0f1e2d3c4b5a6978-03")
    }

    @Test func randomIdsFromConcurrentTasksDiffer() async {
        let ids = await withTaskGroup(of: [SpanID].self) { group in
            for _ in 0..<4 { group.addTask { (0..<250).map { _ in SpanID.random() } } }
            return await group.reduce(into: [SpanID]()) { $0 += $1 }
        }

        #expect(Set(ids).count == 1000)
    }
}
