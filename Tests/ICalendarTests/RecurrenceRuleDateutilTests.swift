import ICalendar
import Testing

@Suite("RRULE: thousands of random rules give what python-dateutil gives")
struct RecurrenceRuleDateutilTests {
  @Test("every rule of Fixtures/rrule-dateutil.json, occurrence by occurrence")
  func dateutil() throws {
    let cases = try DateutilCase.all()
    #expect(cases.count >= 3_000)
    var mismatches = 0
    for fixture in cases {
      let rule = try RecurrenceRule(parsing: fixture.rule)
      let start = try #require(DateOrDateTime(parsing: fixture.start))
      // One more than the fixture has, to see that a series that ends does end.
      let found = rule.occurrences(from: start).dropFirst().prefix(fixture.occurrences.count + 1)
        .map(DateutilCase.seconds)
      let agrees =
        fixture.ends
        ? found == fixture.occurrences
        : Array(found.prefix(fixture.occurrences.count)) == fixture.occurrences
      guard !agrees else { continue }
      mismatches += 1
      if mismatches <= 20 {
        Issue.record(
          """
          RRULE:\(fixture.rule) from \(fixture.start)
            dateutil: \(fixture.occurrences.map(DateutilCase.text))\(fixture.ends ? " (ends)" : "")
            ours:     \(found.map(DateutilCase.text))
          """)
      }
    }
    #expect(mismatches == 0, "\(mismatches) of \(cases.count) rules differ")
  }
}
