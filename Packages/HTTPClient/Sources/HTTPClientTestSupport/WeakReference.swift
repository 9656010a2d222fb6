/// Holds an object weakly, so a test can check it was released after use.
///
/// ```swift
/// let reference = WeakReference(object)
/// // ... drop every strong reference ...
/// #expect(reference.object == nil)
/// ```
public final class WeakReference<Object: AnyObject> {
    /// The object, or `nil` once it was released.
    public private(set) weak var object: Object?

    /// Starts watching `object`.
    public init(_ object: Object) {
        self.object = object
    }
}
