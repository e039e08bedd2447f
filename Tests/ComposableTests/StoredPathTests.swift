import Testing

@testable import Composable

/// A reducer's slot read by offset: whatever the path goes through, it reads
/// exactly what the key path does.
struct StoredPathTests {
  final class Reference {
    var count: Int
    init(count: Int) { self.count = count }
  }

  struct Inner: Equatable {
    var flag = false
    var names: [String] = []
  }

  struct Root {
    var title = "title"
    var inner = Inner()
    var optional: Inner? = nil
    var reference = Reference(count: 1)
    var count: Int {
      get { reference.count }
      set { reference.count = newValue }
    }
    @PresentationState var destination: Int? = nil
  }

  func expectSameAsKeyPath<Value: Equatable>(
    _ keyPath: WritableKeyPath<Root, Value>, in root: Root, storedAt offset: Bool
  ) {
    var root = root
    let path = StoredPath(keyPath)
    #expect((MemoryLayout<Root>.offset(of: keyPath) != nil) == offset)
    #expect(path.read(&root) { $0 } == root[keyPath: keyPath])
  }

  @Test func readsWhatTheKeyPathReads() {
    var root = Root()
    root.title = "Morning sync 🌅"
    root.inner = Inner(flag: true, names: ["Ana", "李"])
    root.optional = Inner(flag: false, names: ["Bo"])
    root.reference = Reference(count: 7)
    root.destination = 3

    expectSameAsKeyPath(\.title, in: root, storedAt: true)
    expectSameAsKeyPath(\.inner.flag, in: root, storedAt: true)
    expectSameAsKeyPath(\.inner.names, in: root, storedAt: true)
    expectSameAsKeyPath(\.optional, in: root, storedAt: true)
    // Only the key path can read through a class, a computed property or a
    // property wrapper's projection.
    expectSameAsKeyPath(\.reference.count, in: root, storedAt: false)
    expectSameAsKeyPath(\.count, in: root, storedAt: false)
    expectSameAsKeyPath(\.$destination.wrappedValue, in: root, storedAt: false)
  }

  @Test func readsTheValueAsItIsNow() {
    var root = Root()
    let names = StoredPath(\Root.inner.names)
    let count = StoredPath(\Root.count)
    #expect(names.read(&root) { $0.isEmpty })
    root.inner.names.append("Cleo")
    root.count = 4
    #expect(names.read(&root) { $0 } == ["Cleo"])
    #expect(count.read(&root) { $0 } == 4)
  }
}

/// A property wrapper's projection has no offset `MemoryLayout` can give: the
/// path finds where it keeps its value from the first root it is used on.
struct LearnedOffsetTests {
  final class Holder {
    @PresentationState var destination: Int? = 5
  }

  struct Root {
    var title = "title"
    @PresentationState var destination: Int? = nil
    var count = 3
    @PresentationState var other: Int? = nil
    var holder = Holder()
  }

  @Test func aProjectionIsReadAndChangedWhereItLies() {
    var root = Root()
    root.destination = 1
    root.other = 2
    let path = StoredPath(\Root.$destination) { PresentationState(wrappedValue: nil) }
    #expect(!path.isStored)
    #expect(path.read(&root) { $0.wrappedValue } == 1)
    #expect(path.isStored)
    path.modify(&root) { $0.wrappedValue = 10 }
    #expect(root.destination == 10)
    #expect(root.other == 2 && root.count == 3 && root.title == "title")
    root.destination = nil
    #expect(path.read(&root) { $0.wrappedValue } == nil)

    // The other projection of the same type is told apart.
    let other = StoredPath(\Root.$other) { PresentationState(wrappedValue: nil) }
    #expect(other.read(&root) { $0.wrappedValue } == 2)
    other.modify(&root) { $0.wrappedValue = nil }
    #expect(root.other == nil && root.destination == nil)
  }

  @Test func aProjectionInAnObjectIsLeftToTheKeyPath() {
    var root = Root()
    let path = StoredPath(\Root.holder.$destination) { PresentationState(wrappedValue: nil) }
    #expect(path.read(&root) { $0.wrappedValue } == 5)
    #expect(!path.isStored)
    // Looking for it set a marker in the object, and put the value back.
    #expect(root.holder.destination == 5)
    path.modify(&root) { $0.wrappedValue = 6 }
    #expect(root.holder.destination == 6)
  }
}
