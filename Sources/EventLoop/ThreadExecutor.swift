import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A serial executor with a thread of its own, for an actor whose work must
/// not hold up the thread that draws (the saver: encoding and writing a large
/// file takes a fifth of a second). The thread sleeps while there is nothing to
/// do and ends when the executor goes away.
///
/// Give each executor to one actor, which keeps it: the thread reaches the
/// executor unretained, relying on queued jobs keeping their actor, and so
/// the executor, alive.
public final class ThreadExecutor: SerialExecutor, TaskExecutor, @unchecked Sendable {
  /// Shared by the executor and its thread; the thread keeps only this alive.
  private final class Queue: @unchecked Sendable {
    // Allocated: a pthread object must not move, and a class's stored
    // property passed with `&` is not promised a stable address.
    let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    var jobs: [UnownedJob] = []
    var closed = false

    init() {
      pthread_mutex_init(mutex, nil)
      pthread_cond_init(condition, nil)
    }

    deinit {
      pthread_cond_destroy(condition)
      pthread_mutex_destroy(mutex)
      condition.deallocate()
      mutex.deallocate()
    }

    func withLock<T>(_ body: () -> T) -> T {
      pthread_mutex_lock(mutex)
      defer { pthread_mutex_unlock(mutex) }
      return body()
    }
  }

  private let queue = Queue()

  public init() {
    let context = Context(queue: queue, executor: Unmanaged.passUnretained(self))
    var thread = pthread_t()
    let started = pthread_create(
      &thread, nil,
      { raw in
        Unmanaged<Context>.fromOpaque(raw!).takeRetainedValue().serve()
        return nil
      }, Unmanaged.passRetained(context).toOpaque())
    precondition(started == 0, "ThreadExecutor: cannot start a thread")
    pthread_detach(thread)
  }

  deinit {
    // Jobs keep their actor, and so this executor, alive: none are left.
    queue.withLock { queue.closed = true }
    pthread_cond_signal(queue.condition)
  }

  public func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    queue.withLock { queue.jobs.append(job) }
    pthread_cond_signal(queue.condition)
  }

  public func asUnownedSerialExecutor() -> UnownedSerialExecutor {
    UnownedSerialExecutor(ordinary: self)
  }

  public func asUnownedTaskExecutor() -> UnownedTaskExecutor {
    UnownedTaskExecutor(ordinary: self)
  }

  private final class Context {
    let queue: Queue
    let executor: Unmanaged<ThreadExecutor>

    init(queue: Queue, executor: Unmanaged<ThreadExecutor>) {
      self.queue = queue
      self.executor = executor
    }

    func serve() {
      while true {
        pthread_mutex_lock(queue.mutex)
        while queue.jobs.isEmpty && !queue.closed {
          pthread_cond_wait(queue.condition, queue.mutex)
        }
        let jobs = queue.jobs
        queue.jobs.removeAll(keepingCapacity: true)
        let closed = queue.closed
        pthread_mutex_unlock(queue.mutex)
        if jobs.isEmpty && closed { return }
        let executor = executor.takeUnretainedValue()
        // As the actor's executor and as the preferred executor of the tasks
        // the actor starts: their jobs come here, not to the shared pool.
        let serial = executor.asUnownedSerialExecutor()
        let task = executor.asUnownedTaskExecutor()
        for job in jobs { job.runSynchronously(isolatedTo: serial, taskExecutor: task) }
      }
    }
  }
}
