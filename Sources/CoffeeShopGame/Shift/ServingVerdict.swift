import NPCKit

/// How a drink went down, judged against what the customer asked for and who they are: the
/// order exactly (`right`); the same drink with one or two parts off, or a different drink
/// offered to someone easy-going (`close`); a different drink offered to a curious customer
/// (`delighted`); anything further off, or close to a fussy one (`wrong`, refused).
///
/// ```swift
/// ServingVerdict(made: asked, asked: asked, fussy: false, curious: false)   // .right
/// ```
package enum ServingVerdict: String, Sendable, Equatable {
    case right, close, delighted, wrong

    package init(made: CoffeeOrder, asked: CoffeeOrder, fussy: Bool, curious: Bool) {
        let parts = [made.size == asked.size, made.temperature == asked.temperature, made.milk == asked.milk,
                     made.syrup == asked.syrup, Set(made.extras) == Set(asked.extras)]
        let off = parts.filter { !$0 }.count
        if made.drink == asked.drink {
            self = off == 0 ? .right : off <= 2 && !fussy ? .close : .wrong
        } else {
            self = off > 0 || fussy ? .wrong : curious ? .delighted : .close
        }
    }
}
