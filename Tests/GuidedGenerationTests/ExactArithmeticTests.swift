@testable import GuidedGeneration
import JSONSchema
import RegexAutomata
import Testing

/// `BigInt` and `ExactDecimal`: identities over seeded random operands of every size, known
/// values, and the canonical forms equality relies on.
@Suite struct ExactArithmeticTests {
    /// A random integer of 1 to `maxDigits` decimal digits, either sign.
    private static func randomInteger(_ random: inout SeededRandom, maxDigits: Int = 60) -> BigInt {
        let digits = random.int(in: 1...maxDigits)
        var text = random.chance(0.5) ? "-" : ""
        text += String(random.int(in: 1...9))
        for _ in 1..<digits { text += String(random.int(in: 0...9)) }
        return BigInt(decimal: text)!
    }

    @Test func decimalTextRoundTrips() {
        var random = SeededRandom(seed: 1)
        for _ in 0..<500 {
            let value = Self.randomInteger(&random)
            #expect(BigInt(decimal: value.description) == value)
        }
        #expect(BigInt(decimal: "-9223372036854775808")?.int64 == Int64.min)
        #expect(BigInt(decimal: "9223372036854775808")?.int64 == nil)
        #expect(BigInt(decimal: "12a") == nil)
        #expect(BigInt(decimal: "") == nil)
        #expect(BigInt(decimal: "-") == nil)
    }

    @Test func arithmeticIdentities() {
        var random = SeededRandom(seed: 2)
        for _ in 0..<1000 {
            let a = Self.randomInteger(&random)
            var b = Self.randomInteger(&random, maxDigits: 40)
            if b.isZero { b = .one }
            #expect((a + b) - b == a)
            #expect(a - a == .zero)
            #expect((a * b).quotientAndRemainder(dividingBy: b).quotient == a)
            let (q, r) = a.quotientAndRemainder(dividingBy: b)
            #expect(q * b + r == a)
            #expect(BigInt.compareMagnitudes(r.magnitude, b.magnitude) < 0)
            #expect(r.isZero || r.isNegative == a.isNegative)
            #expect(a.floorDivided(by: b) * b <= a || b.isNegative)
            #expect(a.ceilDivided(by: b) - a.floorDivided(by: b) == (r.isZero ? .zero : .one))
            #expect((a < b) == (BigInt.compare(a, b) < 0))
        }
    }

    @Test func smallValuesAgreeWithInt64() {
        var random = SeededRandom(seed: 3)
        for _ in 0..<2000 {
            let x = Int64(bitPattern: random.next()) >> random.int(in: 1...62)
            let y = Int64(bitPattern: random.next()) >> random.int(in: 1...62)
            let (sum, sumOverflow) = x.addingReportingOverflow(y)
            if !sumOverflow { #expect((BigInt(x) + BigInt(y)).int64 == sum) }
            let (product, productOverflow) = x.multipliedReportingOverflow(by: y)
            if !productOverflow { #expect((BigInt(x) * BigInt(y)).int64 == product) }
            if y != 0 {
                #expect(BigInt(x).quotientAndRemainder(dividingBy: BigInt(y)).quotient.int64 == x / y)
            }
        }
        #expect((BigInt(Int64.max) + .one).description == "9223372036854775808")
        #expect((BigInt(Int64.min) - .one).description == "-9223372036854775809")
        #expect(BigInt.power10(30).description == "1" + String(repeating: "0", count: 30))
        #expect(BigInt.gcd(BigInt(decimal: "123456789012345678901234567890")!, BigInt.power10(10)) == BigInt(10))
    }

    @Test func randomDrawsStayBelowTheBound() {
        var random = SeededRandom(seed: 4)
        let bound = BigInt(decimal: "340282366920938463463374607431768211457")!
        for _ in 0..<200 {
            let draw = BigInt.random(below: bound, using: &random)
            #expect(draw >= .zero && draw < bound)
        }
    }

    @Test func decimalsAreCanonical() {
        #expect(ExactDecimal(text: "1") == ExactDecimal(text: "1.0"))
        #expect(ExactDecimal(text: "1") == ExactDecimal(text: "10e-1"))
        #expect(ExactDecimal(text: "-0.0") == .zero)
        #expect(ExactDecimal(text: "9007199254740993") != ExactDecimal(9007199254740992))
        #expect(ExactDecimal(text: "1e21")!.description == "1000000000000000000000")
        #expect(ExactDecimal(text: "0.000125")!.description == "0.000125")
        // Plain decimals, never exponents: the form the matcher reads and writes.
        #expect(ExactDecimal(text: "1e-30")!.description == "0.000000000000000000000000000001")
        #expect(ExactDecimal(0.1).description == "0.1")
        #expect(ExactDecimal(text: "1.5e3")!.isInteger)
        #expect(!ExactDecimal(text: "1.5")!.isInteger)
        #expect(ExactDecimal(text: "abc") == nil)
        #expect(ExactDecimal(text: "1e") == nil)
    }

    @Test func decimalOrderAndMultiples() {
        #expect(ExactDecimal(text: "9223372036854776001")! > ExactDecimal(text: "9223372036854776000")!)
        #expect(ExactDecimal(text: "1e-300")! > .zero)
        #expect(ExactDecimal(text: "-1e300")! < ExactDecimal(text: "1e-300")!)
        #expect(ExactDecimal(text: "0.3")!.isMultiple(of: ExactDecimal(text: "0.1")!))
        #expect(ExactDecimal(text: "0.07")!.isMultiple(of: ExactDecimal(text: "0.01")!))
        #expect(!ExactDecimal(text: "0.075")!.isMultiple(of: ExactDecimal(text: "0.01")!))
        #expect(ExactDecimal(text: "1e40")!.isMultiple(of: ExactDecimal(text: "1e21")!))
        var random = SeededRandom(seed: 5)
        for _ in 0..<500 {
            let a = ExactDecimal(coefficient: Self.randomInteger(&random, maxDigits: 25), exponent: random.int(in: -30...30))
            let b = ExactDecimal(coefficient: Self.randomInteger(&random, maxDigits: 25), exponent: random.int(in: -30...30))
            #expect(ExactDecimal(text: a.description) == a)
            #expect((a + b) - b == a)
            #expect(ExactDecimal.compare(a, b) == -ExactDecimal.compare(b, a))
            let whole = ExactDecimal(coefficient: a.coefficient, exponent: abs(a.exponent))
            #expect((whole * b).isMultiple(of: b.signum < 0 ? b.negated : b) || b.isZero)
        }
    }
}
