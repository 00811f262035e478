import StudyCore
import Testing

/// The markdown subset of consent texts.
@Suite struct MarkdownParserTests {
    @Test func headingsParagraphsAndBulletsBecomeBlocks() {
        let blocks = MarkdownParser.parse("# Title\n\nFirst line\nsecond line.\n\n- one\n  continued\n* two\n\n## Sub ##\nAfter")
        #expect(blocks == [
            .heading(level: 1, [MarkdownSpan("Title")]),
            .paragraph([MarkdownSpan("First line second line.")]),
            .bullet([MarkdownSpan("one continued")]),
            .bullet([MarkdownSpan("two")]),
            .heading(level: 2, [MarkdownSpan("Sub")]),
            .paragraph([MarkdownSpan("After")]),
        ])
    }

    @Test func inlineEmphasisCodeAndLinksAreSpans() {
        #expect(MarkdownParser.inline("a **b** *c* _d_ `e` [f](https://x.org) [https://y.org](https://y.org)") == [
            MarkdownSpan("a "), MarkdownSpan("b", .strong), MarkdownSpan(" "), MarkdownSpan("c", .emphasis), MarkdownSpan(" "),
            MarkdownSpan("d", .emphasis), MarkdownSpan(" "), MarkdownSpan("e", .code), MarkdownSpan(" "),
            MarkdownSpan("f (https://x.org)", .link), MarkdownSpan(" "), MarkdownSpan("https://y.org", .link),
        ])
    }

    @Test func unclosedMarkersEscapesAndWordUnderscoresStayLiteral() {
        #expect(MarkdownParser.inline("2 * 3 = 6, snake_case_name, \\*not\\*, [no link") == [
            MarkdownSpan("2 * 3 = 6, snake_case_name, *not*, [no link"),
        ])
    }

    @Test func aHashWithoutSpaceIsNotAHeading() {
        #expect(MarkdownParser.parse("#hashtag") == [.paragraph([MarkdownSpan("#hashtag")])])
        #expect(MarkdownParser.parse("-not a bullet") == [.paragraph([MarkdownSpan("-not a bullet")])])
    }
}
