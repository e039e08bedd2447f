import Dispatch
import Testing
import TmuxTesting

@testable import CursesBackend

#if canImport(Glibc)
  import Glibc
#endif

@Suite struct InputWaiterTests {
  @Test func wakeFromAnotherThreadEndsTheWait() async throws {
    let waiter = try InputWaiter()
    DispatchQueue.global().async { waiter.wake() }
    let readiness = await waiter.wait(watchInput: false)
    #expect(readiness.woken)
    #expect(!readiness.input)
  }

  @Test func wakeBeforeTheWaitIsNotLost() async throws {
    let waiter = try InputWaiter()
    waiter.wake()
    #expect(await waiter.wait(watchInput: false).woken)
  }

  @Test func signalNumbersFromHandlersAreReported() async throws {
    let waiter = try InputWaiter()
    let bytes: [UInt8] = [UInt8(SIGWINCH), UInt8(SIGTERM)]
    _ = bytes.withUnsafeBytes { write(waiter.writeFD, $0.baseAddress, $0.count) }
    let readiness = await waiter.wait(watchInput: false)
    #expect(readiness.signals == [SIGWINCH, SIGTERM])
    #expect(!readiness.woken)
  }

  @Test func keyboardInputAndHangUp() async throws {
    // A child spawned by another test must not inherit the write end, or the
    // hang-up would never come.
    let keyboard = try Harness.makePrivatePipe()
    defer { close(keyboard.read) }
    let waiter = try InputWaiter(inputFD: keyboard.read)
    var byte: UInt8 = 65
    _ = write(keyboard.write, &byte, 1)
    #expect(await waiter.wait(watchInput: true).input)
    // Read the key: with it still unread the next wait returns at once, and
    // if another test's posix_spawn briefly holds a copy of the write end
    // (until its child execs), that return has no hang-up yet.
    #expect(read(keyboard.read, &byte, 1) == 1)
    close(keyboard.write)
    let afterClose = await waiter.wait(watchInput: true)
    #expect(afterClose.hangUp, "\(afterClose)")
  }
}
