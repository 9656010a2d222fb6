import FilesFeature

// Renders every state of the files screen from built-in sample closures: no network, no server.

struct Unreachable: Error, CustomStringConvertible {
    var description: String { "the sample server is unreachable" }
}

func show(_ title: String, _ model: FilesViewModel) async {
    print("== \(title)")
    for await state in model.load() {
        print(FilesRenderer.render(state))
    }
    print()
}

let samples = [File(id: 1, name: "First sample"), File(id: 2, name: "Second sample")]

await show("loaded", FilesViewModel(loadFiles: { samples }))
await show("empty", FilesViewModel(loadFiles: { [] }))
await show("failed", FilesViewModel(loadFiles: { throw Unreachable() }))
