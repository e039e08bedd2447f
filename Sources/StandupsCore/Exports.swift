// The core's vocabulary (Reducer, Effect, IdentifiedArrayOf…) comes with the models.
@_exported import Composable
