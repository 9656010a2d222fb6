extension KeyedDecodingContainer {
    /// The value for `key`, or `fallback` when the key is missing or `null`: HAR writers leave out fields
    /// the format calls required, and a reader that refuses them reads nothing.
    func decode<T: Decodable>(_ key: Key, or fallback: @autoclosure () -> T) throws -> T {
        try decodeIfPresent(T.self, forKey: key) ?? fallback()
    }

    /// A number written as an integer or a fraction (`12` or `12.0`), or `fallback` when missing.
    func decodeInteger(_ key: Key, or fallback: Int) throws -> Int {
        if let integer = try? decodeIfPresent(Int.self, forKey: key) { return integer }
        return try decodeIfPresent(Double.self, forKey: key).map { Int($0) } ?? fallback
    }
}
