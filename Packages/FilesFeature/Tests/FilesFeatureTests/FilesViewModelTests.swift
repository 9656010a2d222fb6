import FilesFeature
import HTTPClientTestSupport
import Testing

@Suite struct FilesViewModelTests {
    @Test func loadShowsLoadingThenTheItems() async {
        let items = [File(id: 1, name: "One"), File(id: 2, name: "Two")]
        let sut = FilesViewModel(loadFiles: { items })

        #expect(await collect(sut.load()) == [.loading, .loaded(items)])
    }

    @Test func loadShowsLoadingWhileTheItemsAreInFlight() async throws {
        let gate = Gate()
        let sut = FilesViewModel(loadFiles: {
            try await gate.wait()
            return [File(id: 7, name: "Late")]
        })
        var iterator = sut.load().makeAsyncIterator()

        #expect(await iterator.next() == .loading)
        await gate.open()
        #expect(await iterator.next() == .loaded([File(id: 7, name: "Late")]))
        #expect(await iterator.next() == nil)
    }

    @Test func loadFailureSaysWhatFailed() async {
        let sut = FilesViewModel(loadFiles: { throw Offline() })

        #expect(await collect(sut.load()) == [.loading, .failed(message: "Could not load the files: offline")])
    }

    private struct Offline: Error, CustomStringConvertible {
        var description: String { "offline" }
    }

    private func collect(_ states: AsyncStream<FilesViewState>) async -> [FilesViewState] {
        var collected: [FilesViewState] = []
        for await state in states {
            collected.append(state)
        }
        return collected
    }
}
