/// The help texts of `networking`.
enum Usage {
    static func text(for topic: HelpTopic) -> String {
        switch topic {
        case .general: general
        case .questions: questions
        case .question: question
        case .token: token
        }
    }

    static let general = """
        usage: networking COMMAND [OPTIONS]

        commands:
          questions             top Stack Exchange questions
          question ID           one question with its body and its owner's avatar
          token                 the stored token of the token API
          token update VALUE    store a new token (VALUE "-" reads it from standard input)

        common options:
          --base-url URL        server to talk to (replaces scheme, host and path prefix)
          --verbose             log every request and response to standard error (secrets redacted)
          --record FILE.har     also write every request and response to FILE.har (HAR 1.2, secrets
                                redacted; written when the command fails too)
          --replay FILE.har     answer every request from FILE.har instead of the network
          --help                show help (also: networking COMMAND --help)

        environment:
          NETWORKING_QUESTIONS_URL   base URL of the questions API (default https://api.stackexchange.com)
          NETWORKING_TOKEN_URL       base URL of the token API (default http://localhost:3000)
          NETWORKING_ACCESS_TOKEN    initial access token for the token API
          NETWORKING_STACKEXCHANGE_KEY   Stack Exchange application key, sent as key= (raises the daily quota)
          NETWORKING_CACHE_DIR       response cache directory (else $XDG_CACHE_HOME/networking, else
                                     $HOME/.cache/networking); delete it to clear the cache

        exit status: 0 success, 1 network failure (or not cached, with --offline), 2 the server or API
          reported an error (or its backoff holds), 3 the response could not be read, 4 not found,
          5 a local file could not be written, 64 usage error
        """

    static let questions = """
        usage: networking questions [--tagged TAG] [--page-size N] [--page N] [--sort votes|activity|creation]
                                    [--site NAME] [--no-cache | --offline] [--json]

        Lists top questions on Stack Overflow (defaults: --tagged swiftui --page-size 10 --page 1 --sort votes).
          --tagged TAG          only questions with this tag (several: "swift;swiftui")
          --page-size N         questions per page, 1 to 100
          --page N              page number, from 1
          --sort ORDER          votes, activity or creation (highest first)
        \(cacheOptions)
        """

    static let question = """
        usage: networking question ID [--site NAME] [--no-cache | --offline] [--json] [--save-avatar PATH]

        Shows one question with its body as text, then fetches its owner's avatar.
          --save-avatar PATH    also write the avatar image to PATH
        \(cacheOptions)
        """

    /// The options both Stack Exchange commands share.
    private static let cacheOptions = """
          --site NAME           the Stack Exchange site's API name (default stackoverflow)
          --no-cache            ask the server even when a fresh answer is cached, and cache the new one
          --offline             answer from the cache only; exit 1 when the answer is not cached
          --json                print a JSON document instead of text

        Answers are cached (Stack Exchange answers for 60 s, avatars as their headers say); a cached answer
        prints a note with its age on standard error. While the API's backoff holds, answers come from the
        cache or the command exits 2 without sending a request.
        """

    static let token = """
        usage: networking token
               networking token update NEW_TOKEN
               networking token update -          (reads the new token from standard input)

        Reads or replaces the token stored by the token API. Calls are authenticated with
        NETWORKING_ACCESS_TOKEN; when it is missing or rejected (401), a fresh access token is
        requested from the server's token-issuing endpoint (POST v1/auth/token) once.
        """
}
