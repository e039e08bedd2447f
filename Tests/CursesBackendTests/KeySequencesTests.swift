import CNCurses
import Testing

@testable import CursesBackend

@Suite struct KeySequencesTests {
  private static let shiftUp: Int32 = KEY_MAX + 7
  private let keys = KeySequences([
    (Array("\u{1B}[A".utf8), KEY_UP),
    (Array("\u{1B}[1;2A".utf8), shiftUp),
    (Array("\u{1B}OP".utf8), cn_key_f(1)),
    (Array("\u{1B}[20~".utf8), cn_key_f(9)),
    ([0x7F], KEY_BACKSPACE),
    (Array("\u{1B}[A".utf8), KEY_DOWN),  // the same bytes again: the first listed wins
  ])

  private func characters(_ text: String) -> [RawInput] {
    text.unicodeScalars.map { .character($0.value) }
  }

  /// `linux` lists Ctrl-Z as its Suspend key: a key the app has no name
  /// for leaves the control character alone, one it names (Delete sending
  /// DEL on `sun` and `cons25`) is still that key.
  @Test func aControlCharacterListedAsAKeyTheAppDoesNotKnowStaysACharacter() {
    let keys = KeySequences([([0x1A], KEY_SUSPEND), ([0x7F], KEY_DC), ([0x08], KEY_BACKSPACE)])
    #expect(keys.decode([0x1A], final: true).input == [.character(0x1A)])
    #expect(
      keys.decode([0x7F, 0x08], final: true).input == [.keyCode(KEY_DC), .keyCode(KEY_BACKSPACE)])
  }

  /// `linux`'s `kcbt2` (`\E[Z`) is Shift-Tab, like its `kcbt`; an extended
  /// key of its own (`kUP5`, Ctrl-Up) or one the terminal lacks the standard
  /// form of keeps the code ncurses gave it.
  @Test func aNumberedExtendedKeyIsItsStandardKey() {
    // kLFT (Shift-Left) is standard, but no key of the app's: Ctrl-Left
    // (kLFT5) keeps its own code.
    let standard: [String: Int32] = ["kcbt": KEY_BTAB, "kUP": KEY_MAX + 3, "kLFT": KEY_SLEFT]
    let lookUp = { (name: String) in standard[name] }
    #expect(KeySequences.standardCode(ofExtended: "kcbt2", codeOfStandard: lookUp) == KEY_BTAB)
    #expect(KeySequences.standardCode(ofExtended: "kUP5", codeOfStandard: lookUp) == nil)
    #expect(KeySequences.standardCode(ofExtended: "kLFT5", codeOfStandard: lookUp) == nil)
    #expect(KeySequences.standardCode(ofExtended: "kcub2", codeOfStandard: lookUp) == nil)
    #expect(KeySequences.standardCode(ofExtended: "kcbt", codeOfStandard: lookUp) == nil)
  }

  /// Ctrl or Alt with ← or → (`kLFT5`, `kRIT3`, …) moves by word; other
  /// modified arrows stay keys the app has no use for.
  @Test func modifiedSidewaysArrowsAreWordMoves() {
    for name in ["kLFT5", "kLFT3"] {
      #expect(KeySequences.wordMoveCode(ofExtended: name).flatMap(InputDecoder.key) == .wordLeft)
    }
    for name in ["kRIT5", "kRIT3"] {
      #expect(KeySequences.wordMoveCode(ofExtended: name).flatMap(InputDecoder.key) == .wordRight)
    }
    for name in ["kLFT", "kLFT2", "kUP5", "kRIT6"] {
      #expect(KeySequences.wordMoveCode(ofExtended: name) == nil)
    }
  }

  @Test func textIsCharactersWhateverItsLength() {
    let text = "jé日😀"
    let (input, rest) = keys.decode(Array(text.utf8), final: false)
    #expect(input == characters(text))
    #expect(rest.isEmpty)
  }

  @Test func listedSequencesAreKeysAndTheLongestWins() {
    let bytes = Array("\u{1B}[A\u{1B}[1;2Ax\u{1B}OP".utf8) + [0x7F]
    let (input, rest) = keys.decode(bytes, final: false)
    #expect(
      input == [
        .keyCode(KEY_UP), .keyCode(Self.shiftUp), .character(120), .keyCode(cn_key_f(1)),
        .keyCode(KEY_BACKSPACE),
      ])
    #expect(rest.isEmpty)
  }

  @Test func aTailThatMayGrowIntoAKeyWaitsForTheRest() {
    let first = keys.decode(Array("a\u{1B}[".utf8), final: false)
    #expect(first.input == characters("a"))
    #expect(first.rest == Array("\u{1B}[".utf8))
    let second = keys.decode(first.rest + Array("A".utf8), final: false)
    #expect(second.input == [.keyCode(KEY_UP)])
    #expect(second.rest.isEmpty)
  }

  @Test func aTailThatNeverBecameAKeyIsCharacters() {
    let bytes = Array("\u{1B}[1;2".utf8)
    #expect(keys.decode(bytes, final: false).rest == bytes)
    #expect(keys.decode(bytes, final: true).input == characters("\u{1B}[1;2"))
    #expect(keys.decode(bytes + Array("x".utf8), final: false) == (characters("\u{1B}[1;2x"), []))
  }

  @Test func anEscAloneIsACharacterOnceFinal() {
    #expect(keys.decode([0x1B], final: false) == ([], [0x1B]))
    #expect(keys.decode([0x1B], final: true) == ([.character(27)], []))
  }

  /// Alt+x and sequences no key sends (a paste's start marker) do not wait:
  /// nothing listed starts with them.
  @Test func unlistedSequencesAreCharacters() {
    #expect(keys.decode(Array("\u{1B}x".utf8), final: false) == (characters("\u{1B}x"), []))
    let marker = "\u{1B}[200~hi"
    #expect(keys.decode(Array(marker.utf8), final: false) == (characters(marker), []))
  }

  @Test func halfACharacterWaitsThenIsDropped() {
    let bytes = Array("日".utf8)
    let first = keys.decode(Array(bytes[..<2]), final: false)
    #expect(first.input.isEmpty)
    #expect(first.rest == Array(bytes[..<2]))
    #expect(keys.decode(first.rest + [bytes[2]], final: false) == (characters("日"), []))
    #expect(keys.decode(Array(bytes[..<2]), final: true) == ([], []))
  }

  @Test func bytesThatAreNotUTF8AreDropped() {
    #expect(keys.decode([0xFF, 0x61, 0xC3, 0x62, 0x80], final: true) == (characters("ab"), []))
  }
}
