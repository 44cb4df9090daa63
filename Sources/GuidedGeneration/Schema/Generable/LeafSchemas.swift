import Foundation
import JSONSchema

/// Schemas of the leaf types: strings, booleans, numbers, and integers bounded by their width.
enum LeafSchemas {
    static func node(_ types: JSONTypeSet) -> SchemaNode {
        let node = SchemaNode()
        node.types = types
        return node
    }

    static func derived(_ type: Any.Type) -> SchemaDerivation.Derived? {
        switch type {
        case is String.Type: return leaf(.string, "")
        case is Bool.Type: return leaf(.boolean, false)
        case is Double.Type: return leaf(.number, 0.0)
        case is Decimal.Type: return leaf(.number, Decimal(0))
        case is Float.Type:
            return leaf(.number, Float(0), -Double(Float.greatestFiniteMagnitude), Double(Float.greatestFiniteMagnitude))
        case is Int.Type: return integer(Int.self)
        case is Int8.Type: return integer(Int8.self)
        case is Int16.Type: return integer(Int16.self)
        case is Int32.Type: return integer(Int32.self)
        case is Int64.Type: return integer(Int64.self)
        case is UInt.Type: return integer(UInt.self)
        case is UInt8.Type: return integer(UInt8.self)
        case is UInt16.Type: return integer(UInt16.self)
        case is UInt32.Type: return integer(UInt32.self)
        case is UInt64.Type: return integer(UInt64.self)
        default: return nil
        }
    }

    private static func leaf(_ types: JSONTypeSet, _ placeholder: Any, _ minimum: Double? = nil, _ maximum: Double? = nil) -> SchemaDerivation.Derived {
        let schema = node(types)
        schema.minimum = minimum
        schema.maximum = maximum
        return SchemaDerivation.Derived(node: schema, placeholder: { placeholder })
    }

    /// 64-bit limits round up when converted to `Double`; the bound is the nearest double inside.
    private static func integer<Integer: FixedWidthInteger>(_ type: Integer.Type) -> SchemaDerivation.Derived {
        let upper = Double(Integer.max)
        return leaf(.integer, Integer.zero, Double(Integer.min), Integer(exactly: upper) == nil ? upper.nextDown : upper)
    }
}
