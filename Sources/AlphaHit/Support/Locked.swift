#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Mutable state behind a pthread mutex: the one place shared mutable state lives.
///
/// This plays the role of `Synchronization.Mutex`, which on Linux locks with raw futex
/// calls that ThreadSanitizer cannot see, so every access under it is reported as a race
/// and real races would drown in the noise. ThreadSanitizer understands pthread mutexes.
final class Locked<State>: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    // Only touched between pthread_mutex_lock and pthread_mutex_unlock.
    private var state: State

    init(_ initial: State) {
        state = initial
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` with exclusive access to the state.
    func withLock<Result, Failure: Error>(_ body: (inout State) throws(Failure) -> Result) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&state)
    }
}
