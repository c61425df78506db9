import Testing
@testable import Composable
@Test func placeholder() {}
