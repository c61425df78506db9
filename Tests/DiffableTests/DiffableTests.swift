import Testing
@testable import Diffable
@Test func placeholder() {}
