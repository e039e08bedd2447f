// The core's vocabulary (Reducer, Effect, IdentifiedArrayOf…) comes with the models.
@_exported import Composable
// Ids are typed (`Standup.ID` is not an `Attendee.ID`): callers make them.
@_exported import Tagged
