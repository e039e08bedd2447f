// What every feature written on the core uses, without importing each.
@_exported import CasePaths
@_exported import Dependencies
@_exported import IdentifiedCollections
