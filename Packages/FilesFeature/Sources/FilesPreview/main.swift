import FilesFeature
import Foundation

// Renders every state of the files screen from built-in sample closures: no network, no server.

struct Unreachable: Error, CustomStringConvertible {
    var description: String { "the sample server is unreachable" }
}

func show<State: Sendable>(_ title: String, _ states: AsyncStream<State>, _ render: (State) -> String) async {
    print("== \(title)")
    for await state in states {
        print(render(state))
    }
    print()
}

let samples = [
    RemoteFile(
        name: "holiday.jpg", size: 3_481_200, sha256: "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"
    ),
    RemoteFile(
        name: "notes.txt", size: 912, sha256: "60303ae22b998861bce3b28f33eec1be758a213c86c93c076dbe9f558c11c752"),
]
let steps: [TransferProgress] = [0, 1_200_000, 3_481_200].map {
    TransferProgress(completedBytes: $0, totalBytes: 3_481_200)
}

let working = FilesActions(
    list: { samples },
    download: { _, _, progress in steps.forEach(progress) },
    upload: { _, progress in
        steps.forEach(progress)
        return [samples[0]]
    },
    delete: { _ in }
)
let failing = FilesActions(
    list: { throw Unreachable() },
    download: { _, _, _ in throw Unreachable() },
    upload: { _, _ in throw Unreachable() },
    delete: { _ in throw Unreachable() }
)
let destination = URL(fileURLWithPath: "/tmp/holiday.jpg")

for (title, actions) in [("working", working), ("failing", failing)] {
    let model = FilesViewModel(actions: actions)
    await show("\(title): list", model.load(), FilesRenderer.render)
    await show("\(title): download", model.download(name: "holiday.jpg", to: destination), FilesRenderer.render)
    await show("\(title): upload", model.upload([destination]), FilesRenderer.render)
    await show("\(title): delete", model.delete(name: "notes.txt"), FilesRenderer.render)
}
await show(
    "empty",
    FilesViewModel(
        actions: FilesActions(
            list: { [] }, download: { _, _, _ in }, upload: { _, _ in [] }, delete: { _ in })
    ).load(), FilesRenderer.render)
