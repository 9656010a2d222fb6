extension KeyedDecodingContainer {
    /// The value for `key`, or `fallback` when the key is missing or `null`: HAR writers leave out fields
    /// the format calls required, and a reader that refuses them reads nothing.
    func decode<T: Decodable>(_ key: Key, or fallback: @autoclosure () -> T) throws -> T {
        try decodeIfPresent(T.self, forKey: key) ?? fallback()
    }

    /// A number written as an integer or a fraction (`12` or `12.0`), or `fallback` when missing.
    /// A number beyond `Int`'s range is an error, not a trap.
    func decodeInteger(_ key: Key, or fallback: Int) throws -> Int {
        if let integer = try? decodeIfPresent(Int.self, forKey: key) { return integer }
        guard let number = try decodeIfPresent(Double.self, forKey: key) else { return fallback }
        guard let integer = Int(exactly: number.rounded(.towardZero)) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self, debugDescription: "\(number) is not a whole number in range")
        }
        return integer
    }
}
