import FilesFeature
import Foundation
import HTTPClientTestSupport
import Testing

@Suite struct FilesViewModelTests {
    @Test func loadShowsLoadingThenTheFiles() async {
        let files = [RemoteFile(name: "a", size: 1, sha256: "aa"), RemoteFile(name: "b", size: 2, sha256: "bb")]
        let sut = makeSUT(list: { files })

        #expect(await collect(sut.load()) == [.loading, .loaded(files)])
    }

    @Test func loadShowsLoadingWhileTheListIsInFlight() async {
        let gate = Gate()
        let sut = makeSUT(list: {
            try await gate.wait()
            return []
        })
        var iterator = sut.load().makeAsyncIterator()

        #expect(await iterator.next() == .loading)
        await gate.open()
        #expect(await iterator.next() == .loaded([]))
        #expect(await iterator.next() == nil)
    }

    @Test func loadFailureSaysWhatFailedAndWhatToTry() async {
        let sut = makeSUT(list: { throw Offline() })

        let states = await collect(sut.load())

        #expect(states.first == .loading)
        guard case .failed(let message)? = states.last, states.count == 2 else {
            Issue.record("expected loading then failed, got \(states)")
            return
        }
        #expect(message.hasPrefix("Could not list the files: offline\n"))
    }

    @Test func downloadReportsEachProgressThenTheDestination() async {
        let destination = URL(fileURLWithPath: "/files-test/a.bin")
        let received = RecordedValues<String>()
        let sut = makeSUT(download: { name, url, progress in
            received.append("\(name) -> \(url.path)")
            progress(TransferProgress(completedBytes: 5, totalBytes: 10))
            progress(TransferProgress(completedBytes: 10, totalBytes: 10))
        })

        let states = await collect(sut.download(name: "a.bin", to: destination))

        #expect(
            states == [
                .running(nil),
                .running(TransferProgress(completedBytes: 5, totalBytes: 10)),
                .running(TransferProgress(completedBytes: 10, totalBytes: 10)),
                .downloaded(name: "a.bin", destination: destination),
            ])
        #expect(received.values == ["a.bin -> /files-test/a.bin"])
    }

    @Test func uploadReportsProgressThenTheStoredFiles() async {
        let stored = [RemoteFile(name: "x", size: 3, sha256: "cc")]
        let sut = makeSUT(upload: { files, progress in
            #expect(files == [URL(fileURLWithPath: "/files-test/x")])
            progress(TransferProgress(completedBytes: 3, totalBytes: 3))
            return stored
        })

        let states = await collect(sut.upload([URL(fileURLWithPath: "/files-test/x")]))

        #expect(
            states == [.running(nil), .running(TransferProgress(completedBytes: 3, totalBytes: 3)), .uploaded(stored)])
    }

    @Test func deleteShowsTheDeletedName() async {
        let sut = makeSUT(delete: { name in #expect(name == "old") })

        #expect(await collect(sut.delete(name: "old")) == [.running(nil), .deleted(name: "old")])
    }

    @Test func failedActionsSayWhichActionFailed() async {
        let sut = makeSUT(
            download: { _, _, _ in throw Offline() }, upload: { _, _ in throw Offline() },
            delete: { _ in throw Offline() })
        let urls = [URL(fileURLWithPath: "/files-test/one"), URL(fileURLWithPath: "/files-test/two")]

        let messages = [
            await collect(sut.download(name: "a", to: urls[0])).last,
            await collect(sut.upload([urls[0]])).last,
            await collect(sut.upload(urls)).last,
            await collect(sut.delete(name: "b")).last,
        ].map { state -> String in
            guard case .failed(let message)? = state else { return "not failed: \(String(describing: state))" }
            return String(message.prefix { $0 != "\n" })
        }

        #expect(
            messages == [
                "Could not download a: offline", "Could not upload one: offline", "Could not upload 2 files: offline",
                "Could not delete b: offline",
            ])
    }

    @Test func endingTheIterationCancelsTheAction() async throws {
        let started = Gate()
        let cancelled = Gate()
        let sut = makeSUT(download: { _, _, _ in
            await started.open()
            do {
                try await Gate().wait()
            } catch is CancellationError {
                await cancelled.open()
            }
        })
        var states: AsyncStream<FileActionState>? = sut.download(name: "a", to: URL(fileURLWithPath: "/files-test/a"))
        var iterator = states?.makeAsyncIterator()
        #expect(await iterator?.next() == .running(nil))
        try await started.wait()

        states = nil
        iterator = nil

        try await cancelled.wait()
    }

    @Test func aReaderThatFallsBehindGetsTheNewestProgressAndTheFinalState() async throws {
        let produced = Gate()
        let sut = makeSUT(download: { _, _, progress in
            for count in 1...1000 { progress(TransferProgress(completedBytes: Int64(count), totalBytes: 1000)) }
            await produced.open()
        })
        let stream = sut.download(name: "a", to: URL(fileURLWithPath: "/files-test/a"))
        try await produced.wait()

        let states = await collect(stream)

        #expect(states.count <= 17)
        let counts = states.compactMap { state -> Int64? in
            guard case .running(let progress?) = state else { return nil }
            return progress.completedBytes
        }
        #expect(counts == Array(counts.sorted()) && counts.last == 1000 && (counts.first ?? 0) >= 985)
        #expect(states.last == .downloaded(name: "a", destination: URL(fileURLWithPath: "/files-test/a")))
    }

    private struct Offline: Error, CustomStringConvertible {
        var description: String { "offline" }
    }

    private func makeSUT(
        list: @escaping FilesActions.List = { [] },
        download: @escaping FilesActions.Download = { _, _, _ in },
        upload: @escaping FilesActions.Upload = { _, _ in [] },
        delete: @escaping FilesActions.Delete = { _ in }
    ) -> FilesViewModel {
        FilesViewModel(actions: FilesActions(list: list, download: download, upload: upload, delete: delete))
    }

    private func collect<State>(_ states: AsyncStream<State>) async -> [State] {
        var collected: [State] = []
        for await state in states {
            collected.append(state)
        }
        return collected
    }
}
