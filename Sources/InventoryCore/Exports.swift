// The core's vocabulary (Reducer, Effect, IdentifiedArrayOf…) comes with the models.
@_exported import Composable
// Ids are typed (`Item.ID` is a `Tagged<Item, UUID>`): callers make them.
@_exported import Tagged
