import TestSupport
import Testing

/// The strict run `.ci/run` makes (`COFFEESHOP_REQUIRE_INTEGRATION=1`): every prerequisite of
/// the integration tier is there, so a test that would skip for want of one fails the run here.
@Suite struct IntegrationTierTests {
    @Test(.enabled(if: TestTier.strict, "COFFEESHOP_REQUIRE_INTEGRATION is not set"))
    func everyPrerequisiteIsThere() {
        #expect(TestTier.integration, "COFFEESHOP_REQUIRE_INTEGRATION=1 needs COFFEESHOP_INTEGRATION=1")
        for prerequisite in Prerequisite.allCases {
            #expect(prerequisite.isAvailable, "\(prerequisite.rawValue) is missing: \(prerequisite.howToGet)")
        }
    }
}
