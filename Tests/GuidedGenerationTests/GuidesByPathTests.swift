@testable import GuidedGeneration
import JSONSchema
import RegexAutomata
import Testing

/// A type whose words are known only at runtime (a menu), guided by path.
struct MenuOrder: Generable {
    struct Cup: Generable {
        let size: String
        let lid: Bool
    }
    let drink: String
    let cup: Cup
    let extras: [String]
    let refills: [Cup]
    let note: String?
    static let guides: [String: GenerationGuide] = [
        "extras": .maximumCount(2).uniqueElements(),
        "note": .length(3...12),
    ]
}

/// Holds a type that declares its own schema (`Encounter`, in GenerableTests).
struct Booking: Generable {
    let who: String
    let visit: Visit
}

struct GuidesByPathTests {
    static let drinks = ["latte", "mocha", "flat white"]
    static let sizes = ["small", "large"]
    static let extras = ["shot", "cream", "cinnamon"]

    static func menuSchema() throws -> GenerationSchema {
        try MenuOrder.generationSchema(guides: [
            "drink": .anyOf(drinks),
            "cup.size": .anyOf(sizes),
            "extras": .element(.anyOf(extras)),
            "note": .maximumLength(8),
        ])
    }

    @Test func runtimeChoicesNarrowEveryGeneratedValue() throws {
        let schema = try Self.menuSchema()
        var random = SeededRandom(seed: 21)
        var drinks: Set<String> = []
        for _ in 0..<400 {
            let order = try MenuOrder(schema.generate(random: &random))
            drinks.insert(order.drink)
            #expect(Self.drinks.contains(order.drink))
            #expect(Self.sizes.contains(order.cup.size))
            // The path through `cup` guides the type, so the refills' cups follow it too.
            #expect(order.refills.allSatisfy { Self.sizes.contains($0.size) })
            #expect(order.extras.count <= 2 && Set(order.extras).count == order.extras.count)
            #expect(order.extras.allSatisfy(Self.extras.contains))
            if let note = order.note { #expect((3...8).contains(note.unicodeScalars.count), "\(note)") }
        }
        #expect(drinks == Set(Self.drinks))
    }

    @Test func theStaticSchemaStaysUntouched() throws {
        _ = try Self.menuSchema()
        let plain = try MenuOrder.generationSchema.jsonSchema
        #expect(plain["properties"]?["drink"]?["enum"] == nil)
        #expect(plain["$defs"]?["Cup"]?["properties"]?["size"]?["enum"] == nil)
        #expect(plain["properties"]?["note"]?["maxLength"]?.numberValue == 12)
        #expect(plain["properties"]?["extras"]?["uniqueItems"]?.boolValue == true)
        let guided = try Self.menuSchema().jsonSchema
        #expect(guided["properties"]?["note"]?["maxLength"]?.numberValue == 8)
        #expect(guided["properties"]?["note"]?["minLength"]?.numberValue == 3)
    }

    @Test func aPathThroughAnArrayGuidesItsElements() throws {
        let schema = try MenuOrder.generationSchema(guides: ["refills.size": .constant("large")])
        var random = SeededRandom(seed: 4)
        var sawRefill = false
        for _ in 0..<100 {
            let order = try MenuOrder(schema.generate(random: &random))
            sawRefill = sawRefill || !order.refills.isEmpty
            #expect(order.refills.allSatisfy { $0.size == "large" })
        }
        #expect(sawRefill)
    }

    @Test func badPathsAreTypedErrors() {
        #expect { _ = try MenuOrder.generationSchema(guides: ["cup.colour": .anyOf(["red"])]) } throws: { error in
            guard case GenerationSchema.SchemaError.unknownGuideProperty(let type, let property, _) = error else { return false }
            return type == "Cup" && property == "colour" && "\(error)".contains("size, lid")
        }
        #expect { _ = try MenuOrder.generationSchema(guides: ["drink.name": .anyOf(["x"])]) } throws: { error in
            guard case GenerationSchema.SchemaError.unknownGuideProperty(_, let property, _) = error else { return false }
            return property == "name"
        }
        #expect { _ = try MenuOrder.generationSchema(guides: ["cup.lid": .anyOf(["yes"])]) } throws: { error in
            guard case GenerationSchema.SchemaError.contradictoryGuides(let type, let property, _) = error else { return false }
            return type == "Cup" && property == "lid" && "\(error)".contains("anyOf guide applies to strings")
        }
        #expect { _ = try MenuOrder.generationSchema(guides: ["drink": .anyOf(["tea"]).anyOf(["coffee"])]) } throws: { error in
            "\(error)".contains("no string is allowed by every anyOf guide")
        }
        #expect { _ = try MenuOrder.generationSchema(guides: ["note": .length(9...10).maximumLength(4)]) } throws: { error in
            "\(error)".contains("the minimum length 9 is above the maximum length 4")
        }
        #expect { _ = try MenuOrder.generationSchema(guides: ["drink": .uniqueElements]) } throws: { error in
            "\(error)".contains("uniqueElements guide applies to arrays")
        }
    }

    @Test func aTypeWithItsOwnSchemaIsGuidedThere() throws {
        #expect { _ = try Booking.generationSchema(guides: ["visit.encounter.orderCoffee": .description("x")]) } throws: { error in
            guard case GenerationSchema.SchemaError.contradictoryGuides(let type, _, _) = error else { return false }
            return type == "Encounter" && "\(error)".contains("implements its own generationSchema")
        }
        // Its cached schema is not changed by the refused attempt, and the rest of the path works.
        let schema = try Booking.generationSchema(guides: ["visit.minutes": .range(5...9), "who": .pattern("[A-Z][a-z]+")])
        var random = SeededRandom(seed: 3)
        for _ in 0..<50 {
            let booking = try Booking(schema.generate(random: &random))
            #expect((5...9).contains(booking.visit.minutes))
            #expect(booking.who.first?.isUppercase == true)
        }
        #expect(try Encounter.generationSchema.jsonSchema["anyOf"]?.elements?.count == 2)
    }
}
