import Foundation
import Parsing

/// A place in the inventory app, as a path: `/one`, `/inventory`, `/three`,
/// `/inventory/new`, `/inventory/<item>` (detail), `/inventory/<item>/edit`,
/// `/inventory/<item>/duplicate`, `/inventory/<item>/delete`. One
/// parser-printer both reads and writes it.
///
/// A route names an item by a reference token; which item it means is decided
/// against the data (see `RouteResolution.swift`).
@CasePathable
public enum Route: Equatable, Sendable {
  case one
  case inventory
  case three
  /// The "New item" sheet over the inventory.
  case newItem
  case item(String, ItemRoute)
}

@CasePathable
public enum ItemRoute: Equatable, Sendable {
  case detail
  case edit
  /// The duplicate dialog.
  case duplicate
  /// The delete alert.
  case delete
}

extension Route {
  public static let scheme = "inventory://"

  /// Every form a route takes, for messages about one that is not a route.
  public static let forms =
    "/one, /inventory, /three, /inventory/new, /inventory/<item>, /inventory/<item>/edit, "
    + "/inventory/<item>/duplicate, /inventory/<item>/delete"

  /// Parses a route, with or without the `inventory://` prefix; `/` is the first tab.
  public init(parsing text: String) throws {
    var path = text.trimmingCharacters(in: .whitespaces)
    if path.lowercased().hasPrefix(Self.scheme) { path.removeFirst(Self.scheme.count) }
    if !path.hasPrefix("/") { path = "/" + path }
    while path.count > 1, path.hasSuffix("/") { path.removeLast() }
    if path == "/" {
      self = .one
      return
    }
    self = try RouteParser().parse(path)
  }

  /// The route as a path, ready for `--open`.
  public var path: String {
    // Every Route value prints but an item named by "new" (see `ItemReference`).
    (try? String(RouteParser().print(self))) ?? "/inventory"
  }
}

struct RouteParser: ParserPrinter {
  var body: some ParserPrinter<Substring, Route> {
    // Each case ends the input, so a prefix ("/inventory/new" of
    // "/inventory/newton") never wins over a longer match.
    OneOf {
      Parse(.case(\Route.Cases.one)) {
        "/one"
        End()
      }
      Parse(.case(\Route.Cases.three)) {
        "/three"
        End()
      }
      Parse(.case(\Route.Cases.newItem)) {
        "/inventory/new"
        End()
      }
      Parse(.case(\Route.Cases.item)) {
        "/inventory/"
        ItemReference()
        ItemRouteParser()
        End()
      }
      Parse(.case(\Route.Cases.inventory)) {
        "/inventory"
        End()
      }
    }
  }
}

struct ItemRouteParser: ParserPrinter {
  var body: some ParserPrinter<Substring, ItemRoute> {
    OneOf {
      Parse(.case(\ItemRoute.Cases.edit)) { "/edit" }
      Parse(.case(\ItemRoute.Cases.duplicate)) { "/duplicate" }
      Parse(.case(\ItemRoute.Cases.delete)) { "/delete" }
      Parse(.case(\ItemRoute.Cases.detail)) { "" }
    }
  }
}

/// An item's reference: one non-empty path component, percent-decoded (so
/// names may hold "/" or spaces). Never "new", in any case, which is the new
/// item sheet: an item called that is reached by its id or position.
struct ItemReference: ParserPrinter {
  var body: some ParserPrinter<Substring, String> {
    Prefix(1...) { $0 != "/" }
      .map(PercentEncoding())
      .filter { $0.lowercased() != "new" }
  }
}

struct PercentEncoding: Conversion {
  static let allowed: CharacterSet = {
    var set = CharacterSet.urlPathAllowed
    set.remove(charactersIn: "/%")
    return set
  }()

  func apply(_ input: Substring) -> String {
    String(input).removingPercentEncoding ?? String(input)
  }

  func unapply(_ output: String) -> Substring {
    Substring(output.addingPercentEncoding(withAllowedCharacters: Self.allowed) ?? output)
  }
}
