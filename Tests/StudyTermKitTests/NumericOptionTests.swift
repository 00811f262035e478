import Foundation
import Testing
@testable import StudyTermKit

/// Numeric options are parsed strictly: digits only, in range, or a usage error naming the option.
@Suite struct NumericOptionTests {
    static let spec = CommandSpec(path: ["sync"], abstract: "Sync.", options: [.value("batch-size", "Items per request.")])

    func batchSize(_ value: String) throws(UsageError) -> Int? {
        try ParsedArguments(["--batch-size", value], spec: Self.spec).integer("batch-size", in: 1...1000)
    }

    @Test(arguments: ["abc", "1e3", "99999999999999999999", "+5", " 5", "5 ", "0x10", "1.0", "", "-", "0", "1001", "-1", "５"])
    func aValueThatIsNotAWholeNumberInRangeIsAUsageError(value: String) {
        #expect(throws: UsageError.self) { try batchSize(value) }
        do { _ = try batchSize(value) } catch { #expect(error.message.contains("--batch-size") && error.message.contains("1 to 1000")) }
    }

    @Test func wholeNumbersInRangeAreTaken() throws {
        #expect(try batchSize("1") == 1)
        #expect(try batchSize("1000") == 1000)
        #expect(try batchSize("0042") == 42)
        #expect(try ParsedArguments([], spec: Self.spec).integer("batch-size", in: 1...1000) == nil)
        #expect(ParsedArguments.strictInteger("-12") == -12)
        #expect(ParsedArguments.strictInteger("9223372036854775807") == Int.max)
        #expect(ParsedArguments.strictInteger("9223372036854775808") == nil)
    }
}
