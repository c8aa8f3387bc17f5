/// Mutable state behind a lock: the one place shared mutable state lives.
///
/// Built on ``Platform/ConditionMutex`` (pthreads, which ThreadSanitizer understands), so a
/// caller can also wait, lock released, until another thread changes the state.
package final class Locked<State>: @unchecked Sendable {
    private let mutex = Platform.ConditionMutex()
    // Only touched while `mutex` is held.
    private var state: State

    package init(_ initial: State) {
        state = initial
    }

    /// Runs `body` with exclusive access to the state.
    package func withLock<Result, Failure: Error>(_ body: (inout State) throws(Failure) -> Result) throws(Failure) -> Result {
        mutex.lock()
        defer { mutex.unlock() }
        return try body(&state)
    }

    /// Like ``withLock(_:)``, and wakes every thread waiting in ``wait(until:)`` afterwards.
    package func withLockAndNotify<Result>(_ body: (inout State) -> Result) -> Result {
        mutex.lock()
        defer {
            mutex.broadcast()
            mutex.unlock()
        }
        return body(&state)
    }

    /// Blocks until `ready` returns a value for the state, re-checked after every notification.
    package func wait<Value>(until ready: (State) -> Value?) -> Value {
        mutex.lock()
        defer { mutex.unlock() }
        while true {
            if let value = ready(state) { return value }
            mutex.wait()
        }
    }
}
