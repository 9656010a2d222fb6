import FilesFeature
import Testing

@Suite struct FilesRendererTests {
    @Test func rendersOneNamePerLine() {
        let state = FilesViewState.loaded([File(id: 1, name: "One"), File(id: 2, name: "Two")])

        #expect(FilesRenderer.render(state) == "One\nTwo")
    }

    @Test func rendersTheOtherStates() {
        #expect(FilesRenderer.render(.loading) == "Loading files…")
        #expect(FilesRenderer.render(.loaded([])) == "No files.")
        #expect(FilesRenderer.render(.failed(message: "It broke.")) == "It broke.")
    }
}
