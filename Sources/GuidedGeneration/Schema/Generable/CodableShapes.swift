/// Lets derivation see through the standard containers' generic parameters.
protocol OptionalShape { static var wrappedType: Any.Type { get } ; static var absent: Any { get } }
protocol ArrayShape { static var elementType: Any.Type { get } ; static var empty: Any { get } }
protocol StringKeyedDictionaryShape { static var valueType: Any.Type { get } ; static var empty: Any { get } }

extension Optional: OptionalShape {
    static var wrappedType: Any.Type { Wrapped.self }
    static var absent: Any { Optional<Wrapped>.none as Any }
}

extension Array: ArrayShape {
    static var elementType: Any.Type { Element.self }
    static var empty: Any { [Element]() }
}

extension Dictionary: StringKeyedDictionaryShape where Key == String {
    static var valueType: Any.Type { Value.self }
    static var empty: Any { [String: Value]() }
}
