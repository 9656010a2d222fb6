import Foundation

/// The user who asked a question (the API's `shallow_user`).
///
/// Every property is optional because the API may omit each of them: a deleted account
/// (``Kind/doesNotExist``) comes with nothing but a display name.
public struct User: Equatable, Sendable {
    /// A user's identifier.
    public typealias ID = Identifier<User>

    /// The kind of account; unknown kinds the API may add later are kept as they are.
    public struct Kind: RawRepresentable, Hashable, Sendable {
        public let rawValue: String

        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// An account that has not been registered.
        public static let unregistered = Kind(rawValue: "unregistered")
        /// A registered account.
        public static let registered = Kind(rawValue: "registered")
        /// A moderator's account.
        public static let moderator = Kind(rawValue: "moderator")
        /// A team administrator's account.
        public static let teamAdmin = Kind(rawValue: "team_admin")
        /// A deleted account: only the display name it had is known.
        public static let doesNotExist = Kind(rawValue: "does_not_exist")
    }

    /// The user's identifier (`user_id`).
    public var id: ID?
    /// The kind of account (`user_type`).
    public var kind: Kind?
    /// The display name, as plain text.
    public var displayName: String?
    /// The user's reputation.
    public var reputation: Int?
    /// The avatar's absolute URL, usually on another host (a CDN).
    public var profileImage: URL?
    /// The user's profile page.
    public var link: URL?

    /// Creates a user.
    public init(
        id: ID? = nil,
        kind: Kind? = nil,
        displayName: String? = nil,
        reputation: Int? = nil,
        profileImage: URL? = nil,
        link: URL? = nil
    ) {
        self.id = id
        self.kind = kind
        self.displayName = displayName
        self.reputation = reputation
        self.profileImage = profileImage
        self.link = link
    }
}
