extension TeamStore {
  /// One line for a failed database operation: the server's reason, or that
  /// the connection was lost (never the password).
  public static func message(for error: any Error) -> String {
    isConnectionTrouble(error) ? describeLoss(error) : describe(error)
  }
}
