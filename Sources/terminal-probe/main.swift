// terminal-probe: a minimal app on top of CursesTerminal, for checking the
// backend by hand and for the end-to-end tests that drive it in tmux.
//
//   o  toggle a modal overlay      q  quit (shutdown, then exit 0)
//   x  exit(3) without shutdown, leaving the restore to the exit handler
//   --crash-after-draw             fatalError right after the first frame
import CursesBackend
import TerminalUI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

struct ProbeState {
  var size: Size
  var lastInput = "last key: none"
  var showsOverlay = false
}

/// Cell width for the few scripts the probe shows (TerminalUI's table is not
/// the point here): East Asian wide ranges and emoji take two columns.
func width(of character: Character) -> Int {
  guard let v = character.unicodeScalars.first?.value else { return 1 }
  let wide: [ClosedRange<UInt32>] = [
    0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF,
    0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1FAFF,
    0x20000...0x3FFFD,
  ]
  return wide.contains { $0.contains(v) } ? 2 : 1
}

func put(_ text: String, x: Int, y: Int, style: Style = .plain, into canvas: inout Canvas) {
  var column = x
  for character in text {
    let w = width(of: character)
    canvas.set(column, y, Cell(text: String(character), width: w, style: style))
    column += w
  }
}

func describe(_ key: Key) -> String {
  switch key {
  case .char(let c): return "char(\(c))"
  case .ctrl(let c): return "ctrl(\(c))"
  case .alt(let c): return "alt(\(c))"
  case .function(let n): return "function(\(n))"
  default: return "\(key)"
  }
}

func overlayLayer(screen: Size) -> Layer {
  let rect = Rect(origin: .zero, size: screen).centered(Size(width: 30, height: 7))
  var canvas = Canvas(size: rect.size)
  let (w, h) = (rect.width, rect.height)
  guard w >= 2, h >= 2 else {
    return Layer(name: "overlay", rect: rect, canvas: canvas, isModal: true)
  }
  for x in 1..<(w - 1) {
    canvas.set(x, 0, Cell(text: "─"))
    canvas.set(x, h - 1, Cell(text: "─"))
  }
  for y in 1..<(h - 1) {
    canvas.set(0, y, Cell(text: "│"))
    canvas.set(w - 1, y, Cell(text: "│"))
  }
  canvas.set(0, 0, Cell(text: "┌"))
  canvas.set(w - 1, 0, Cell(text: "┐"))
  canvas.set(0, h - 1, Cell(text: "└"))
  canvas.set(w - 1, h - 1, Cell(text: "┘"))
  put("overlay", x: 2, y: 2, style: .bold, into: &canvas)
  put("press o to close", x: 2, y: 4, into: &canvas)
  return Layer(
    name: "overlay", rect: rect, canvas: canvas, isModal: true,
    cursor: Point(x: 2 + 7, y: 2))
}

func frame(for state: ProbeState) -> Frame {
  var canvas = Canvas(size: state.size)
  put("probe ready \(state.size)", x: 0, y: 0, style: .bold, into: &canvas)
  put(state.lastInput, x: 0, y: 1, into: &canvas)
  put("pid: \(getpid())", x: 0, y: 2, into: &canvas)
  put("wide: 日本語 e\u{301}", x: 0, y: 3, into: &canvas)
  let red = Style(foreground: .rgb(255, 0, 0))
  put("colour sample", x: 0, y: 4, style: red, into: &canvas)
  put("keys: o overlay, q quit, x exit without shutdown", x: 0, y: 5, style: .dim, into: &canvas)
  // Changes under the overlay (when open) must not show through it.
  put("under: \(state.lastInput)", x: 26, y: state.size.height / 2, into: &canvas)
  var layers = [Layer(name: "screen", rect: Rect(origin: .zero, size: state.size), canvas: canvas)]
  if state.showsOverlay { layers.append(overlayLayer(screen: state.size)) }
  return Frame(size: state.size, layers: layers)
}

func printError(_ message: String) {
  let line = Array((message + "\n").utf8)
  _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
}

let crashAfterDraw = CommandLine.arguments.dropFirst().contains("--crash-after-draw")
let terminal: CursesTerminal
do {
  terminal = try CursesTerminal()
} catch {
  printError("terminal-probe: \(error)")
  exit(1)
}

var state = ProbeState(size: terminal.size)
while true {
  terminal.draw(frame(for: state))
  if crashAfterDraw { fatalError("crash requested by --crash-after-draw") }
  for event in await terminal.nextEvents() {
    switch event {
    case .key(.char("q")):
      terminal.shutdown()
      exit(0)
    case .key(.char("x")):
      exit(3)
    case .key(.char("o")):
      state.showsOverlay.toggle()
    case .key(.ctrl("z")), .suspend:
      if terminal.suspend() {
        state.size = terminal.size
      } else {
        state.lastInput = "cannot suspend: no job control"
      }
    case .key(let key):
      state.lastInput = "last key: \(describe(key))"
    case .paste(let text):
      state.lastInput = "paste: " + text.replacingOccurrences("\n", with: "⏎")
    case .typed(let text):
      state.lastInput = "typed: " + text
    case .resize(let size):
      state.size = size
    case .terminate(let signal):
      terminal.shutdown()
      exit(128 + signal)
    }
  }
}

extension String {
  func replacingOccurrences(_ target: Character, with replacement: String) -> String {
    var result = ""
    for c in self { result += c == target ? replacement : String(c) }
    return result
  }
}
