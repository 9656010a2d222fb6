/// Finds the objects a value keeps alive, so that weak references to them can prove they are released.
///
/// It walks the value with `Mirror`: structs, enums and classes of the project's modules are entered (each
/// decorator's `client`, its actors and task boxes), as are optionals, tuples and collections; instances of
/// other modules' classes (`URLSession`, a `Mutex`'s storage) are recorded but not entered. Closures cannot
/// be reflected: hold what they capture through ``WeakObject`` yourself.
public enum ReferenceGraph {
    /// Modules whose types are entered.
    public static let projectModules: Set<String> = [
        "HTTPClient", "HTTPClientDecorators", "URLSessionInfrastructure", "NetworkingComposition", "BenchmarkSupport",
        "bench", "soak",
    ]

    /// Every distinct class or actor instance reachable from `root` as described above, with its type name.
    public static func objects(reachableFrom root: Any) -> [WeakObject] {
        var found: [ObjectIdentifier: WeakObject] = [:]
        var order: [ObjectIdentifier] = []
        visit(root, depth: 0, found: &found, order: &order)
        return order.compactMap { found[$0] }
    }

    private static func visit(
        _ value: Any, depth: Int, found: inout [ObjectIdentifier: WeakObject], order: inout [ObjectIdentifier]
    ) {
        guard depth < 64 else { return }
        let type = Swift.type(of: value)
        let mirror = Mirror(reflecting: value)
        let isProjectType = projectModules.contains(module(of: type))
        if type is AnyClass {
            let object = value as AnyObject
            let id = ObjectIdentifier(object)
            guard found[id] == nil else { return }
            found[id] = WeakObject(object, name: String(reflecting: type))
            order.append(id)
            guard isProjectType else { return }
        } else {
            switch mirror.displayStyle {
            case .optional, .tuple, .collection, .dictionary, .set: break
            case .struct, .enum: guard isProjectType else { return }
            default: return
            }
        }
        var current: Mirror? = mirror
        while let level = current {
            for child in level.children {
                visit(child.value, depth: depth + 1, found: &found, order: &order)
            }
            current = level.superclassMirror
        }
    }

    private static func module(of type: Any.Type) -> String {
        String(String(reflecting: type).prefix { $0 != "." })
    }
}

/// A weak reference to an object, named after its type for reports.
public final class WeakObject {
    /// The object's type, for example `HTTPClientDecorators.TokenSession`.
    public let name: String
    private weak var object: AnyObject?

    /// Holds `object` weakly.
    public init(_ object: AnyObject, name: String) {
        self.object = object
        self.name = name
    }

    /// Whether the object was deallocated.
    public var isReleased: Bool { object == nil }
}
