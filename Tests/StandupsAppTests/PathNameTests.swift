import Persistence
import Testing

/// The parent of a path, for every shape a `--data` value takes.
struct PathNameTests {
  @Test(arguments: [
    ("a", ""), ("-", ""), (".", ""), ("ab", ""), ("a/", ""), ("/", "/"), ("//", "/"),
    ("/a", "/"), ("x/y", "x"), ("x//y", "x"), ("a/b/", "a"), ("/a/b/c.json", "/a/b"),
    ("~/s.json", "~"), ("./a", "."),
  ])
  func theParentOfAPath(path: String, parent: String) {
    #expect(PathName.parent(of: path) == parent)
  }
}
