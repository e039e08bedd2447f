import Foundation

extension Saver {
  /// Writes `document` in place of the file version known: as it is
  /// encoded, a piece at a time, where the format can.
  func replaceFile(with document: Document) throws(DocumentFailure) -> Replacement {
    let expected = known?.version ?? nil
    let unencodable = { (error: any Error) in
      DocumentFailure.unwritable(path: self.file.path, reason: error.localizedDescription)
    }
    guard let pieces = file.format.encodeInPieces else {
      let data: Data
      do {
        data = try file.format.encode(document)
      } catch {
        throw unencodable(error)
      }
      return try file.replace(with: data, expecting: expected)
    }
    return try file.replace(
      writing: { emit in
        do {
          try pieces(document, emit)
        } catch let failure as FileSink.WriteFailure {
          throw failure  // the disk's: worded where the file is written
        } catch {
          throw unencodable(error)
        }
      }, expecting: expected)
  }
}
