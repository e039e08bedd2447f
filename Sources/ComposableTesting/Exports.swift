// A test that uses TestStore uses the core too.
@_exported import Composable
