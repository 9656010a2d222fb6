import Foundation
import QuestionsFeature

/// Questions shaped like the Stack Exchange API's (decoded text, HTML bodies), built in: no network.
enum SampleData {
    static let now = Date(timeIntervalSince1970: 1_731_664_800)  // Nov 15, 2024 10:00 UTC

    static let zoe = User(
        id: "5512", kind: .registered, displayName: "Zoë Laurent", reputation: 312,
        profileImage: URL(string: "https://cdn.example.com/avatars/zoe-laurent.png"),
        link: URL(string: "https://stackoverflow.com/users/5512/zoe-laurent"))

    static let observable = Question(
        id: "79123456",
        title: "SwiftUI List doesn't update after mutating an @Observable model from a detached Task",
        tags: ["swiftui", "swift", "observation", "swift-concurrency"],
        score: 3, answerCount: 1, viewCount: 212, isAnswered: false,
        creationDate: Date(timeIntervalSince1970: 1_731_492_300),
        link: URL(string: "https://stackoverflow.com/questions/79123456"),
        owner: zoe,
        bodyHTML: """
            <p>I moved my view model from <code>ObservableObject</code> to the new <code>@Observable</code> \
            macro. When I refresh from a detached task the list keeps showing the old rows.</p>
            <pre class="lang-swift prettyprint-override"><code>@Observable
            final class FeedModel {
                var items: [Item] = []
            }
            </code></pre>
            <ul>
            <li>Xcode 16.1, iOS 18.1 simulator</li>
            <li>Swift 6 language mode is <em>off</em></li>
            </ul>
            <p>See <a href="https://developer.apple.com/documentation/observation">the Observation docs</a>.</p>
            """)

    static let flatten = Question(
        id: "65432100", title: "How do I flatten a list of lists without importing anything?",
        tags: ["python", "list", "flatten"], score: 1_520, answerCount: 18, viewCount: 1_204_500, isAnswered: true,
        creationDate: Date(timeIntervalSince1970: 1_609_761_600))

    static let duplicate = Question(
        id: "78650033", title: "Why does my @StateObject get recreated when the parent view updates?",
        tags: ["swiftui", "ios"], score: -2, answerCount: 0, viewCount: 320, isAnswered: false,
        creationDate: Date(timeIntervalSince1970: 1_718_892_120),
        owner: User(id: "7789", kind: .registered, displayName: "dev_null_42", reputation: 15),
        bodyHTML: "<p>my view model is created again every time the parent changes. why??</p>",
        closedDate: Date(timeIntervalSince1970: 1_718_895_600), closedReason: "Duplicate")

    static let deletedOwner = Question(
        id: "79113987", title: "Xcode 16 can't resolve a local Swift package that uses a relative path dependency",
        tags: ["ios", "xcode", "swift-package-manager"], score: 2, answerCount: 0, viewCount: 301, isAnswered: false,
        creationDate: Date(timeIntervalSince1970: 1_731_084_480),
        owner: User(kind: .doesNotExist, displayName: "user12345"))

    static let page = QuestionsPage(
        questions: [flatten, observable, deletedOwner, duplicate], hasMore: true, quotaMax: 10_000,
        quotaRemaining: 9_987)

    /// Stands in for a 64x64 PNG: the preview shows only its format, size and byte count.
    static let avatar = Avatar(data: Data(count: 1_204), format: .png, width: 64, height: 64)
}
