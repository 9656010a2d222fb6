import Foundation
import QuestionsFeature

/// Small domain values for presentation tests.
enum Samples {
    static let now = Date(timeIntervalSince1970: 1_731_664_800)  // 2024-11-15 10:00:00 UTC
    static let avatarURL = URL(string: "https://i.sstatic.net/zoe-laurent.png?s=256")!

    static func question(
        id: Question.ID = "79123456",
        owner: User? = User(id: "5512", kind: .registered, displayName: "Zoë Laurent", reputation: 312),
        profileImage: URL? = avatarURL
    ) -> Question {
        var owner = owner
        owner?.profileImage = profileImage
        return Question(
            id: id, title: "SwiftUI List doesn't update", tags: ["swiftui", "swift"], score: 3, answerCount: 1,
            viewCount: 212, isAnswered: false, creationDate: Date(timeIntervalSince1970: 1_731_492_300),
            link: URL(string: "https://stackoverflow.com/questions/\(id)"), owner: owner,
            bodyHTML: "<p>Body with <code>code</code>.</p>")
    }

    static let avatar = Avatar(data: Data(count: 1_204), format: .png, width: 64, height: 64)
}

struct SampleError: Error, CustomStringConvertible {
    let description: String
}
