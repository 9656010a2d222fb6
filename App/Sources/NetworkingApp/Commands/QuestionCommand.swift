import CommandLineKit
import Foundation
import NetworkingComposition
import QuestionsFeature

/// `networking question ID`: the question first, then its owner's avatar, as text or a JSON document.
struct QuestionCommand {
    let composer: QuestionsFeatureComposer
    let console: Console
    let now: Date

    func run(_ options: QuestionOptions) async -> ExitStatus {
        let id = Question.ID(options.id)
        let loader = QuestionDetailLoader(loadQuestion: composer.loadQuestion, loadAvatar: composer.loadAvatar)
        if options.json {
            let detail: QuestionDetail
            do {
                detail = try await loader.load(id)
            } catch {
                return Report.failure("Could not load question \(id)", error, console: console)
            }
            do {
                let savedPath = try options.saveAvatar.map { try save(detail, to: $0) }
                console.writeDocument(
                    try JSONOutput.render(QuestionDocument(detail: detail, savedAvatarPath: savedPath)))
                return .success
            } catch {
                return saveFailure(error)
            }
        }
        let renderer = QuestionDetailRenderer(now: now)
        for await state in QuestionDetailViewModel(loader: loader).load(id) {
            switch state {
            case .loading:
                if console.showsProgress { console.writeError(renderer.render(state) + "\n") }
            case .loaded(let detail):
                console.writeOutput(renderer.render(state) + "\n")
                guard let path = options.saveAvatar else { return .success }
                do {
                    console.writeError("networking: saved the avatar to \(try save(detail, to: path))\n")
                } catch {
                    return saveFailure(error)
                }
            case .failed(_, let error):
                guard let error else {
                    console.writeError("networking: \(FailureClassifier.oneLine(renderer.render(state)))\n")
                    return .networkFailure
                }
                return Report.failure("Could not load question \(id)", error, console: console)
            }
        }
        return .success
    }

    /// Writes the avatar's bytes to `path` (as `OutputFile` writes; a new file gets mode 0644) and returns
    /// the path.
    private func save(_ detail: QuestionDetail, to path: String) throws -> String {
        guard let avatar = detail.avatar else {
            throw MissingAvatar(reason: detail.avatarError ?? "the question's owner has no profile image")
        }
        try OutputFile(path: path, newFileMode: 0o644).write(Array(avatar.data))
        return path
    }

    /// Reports a failed `--save-avatar`: a file that could not be written exits 5.
    private func saveFailure(_ error: any Error) -> ExitStatus {
        Report.failure("Could not save the avatar", error, console: console)
    }
}
