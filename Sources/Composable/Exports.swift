// The packages a feature written with Composable needs alongside it: case paths for actions,
// clocks and dependencies for effects, custom dump for test failures, identified arrays for lists.
@_exported import CasePaths
@_exported import Clocks
@_exported import ConcurrencyExtras
@_exported import CustomDump
@_exported import Dependencies
@_exported import IdentifiedCollections
@_exported import IssueReporting
