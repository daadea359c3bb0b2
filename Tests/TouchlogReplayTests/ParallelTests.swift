import Foundation
import Synchronization
import Testing

@testable import TouchlogReplay

/// `Parallel.forEachInOrder`: work on several threads, results folded in index order on the calling thread, never
/// more than `ahead` results waiting, the first error in index order rethrown.
@Suite struct ParallelTests {
    struct Failure: Error, Equatable { let index: Int }

    @Test func foldsEveryResultInIndexOrderWhateverFinishesFirst() throws {
        var folded: [Int] = []
        // Later indices finish first: a fold in completion order would come out reversed.
        try Parallel.forEachInOrder(40, workers: 4) { index in
            usleep(useconds_t((40 - index) * 200))
            return index * index
        } then: { index, square in
            #expect(square == index * index)
            folded.append(index)
        }
        #expect(folded == Array(0..<40))
    }

    @Test func workersNeverRunMoreThanAheadPastTheFold() throws {
        let started = Atomic<Int>(0)
        var worstLead = 0
        var leadWhileHeld = 0
        try Parallel.forEachInOrder(200, workers: 3, ahead: 5) { index in
            started.add(1, ordering: .sequentiallyConsistent)
            return index
        } then: { index, _ in
            if index == 0 {
                // The fold holds index 0 until the workers have taken every index it lets them (0 to 5), rather than
                // sleeping and hoping they got ahead: whatever the machine's load, they reach the bound. The deadline
                // only ends a run whose workers never get there (and fails it).
                let deadline = ContinuousClock.now.advanced(by: .seconds(30))
                while started.load(ordering: .sequentiallyConsistent) < 6, ContinuousClock.now < deadline {
                    sched_yield()
                }
                // Then it gives them a moment to take one too many. However short, it cannot make a right
                // implementation fail: no wait lets the workers past the bound; a longer one only catches more.
                let moment = ContinuousClock.now.advanced(by: .milliseconds(20))
                while started.load(ordering: .sequentiallyConsistent) == 6, ContinuousClock.now < moment {
                    sched_yield()
                }
                leadWhileHeld = started.load(ordering: .sequentiallyConsistent) - 1
            }
            // Indices taken beyond the ones folded (this one included): at most `ahead`, at every step.
            let lead = started.load(ordering: .sequentiallyConsistent) - (index + 1)
            worstLead = max(worstLead, lead)
        }
        #expect(leadWhileHeld == 5, "the workers ran ahead of a held fold, as far as `ahead` lets them")
        #expect(worstLead <= 5)
    }

    @Test func theFirstErrorInIndexOrderIsRethrownAndStopsTheWork() throws {
        let calls = Atomic<Int>(0)
        var folded: [Int] = []
        #expect(throws: Failure(index: 7)) {
            try Parallel.forEachInOrder(10_000, workers: 3, ahead: 8) { index in
                calls.add(1, ordering: .relaxed)
                // Index 9 fails sooner than index 7; 7 comes first in order, so 7 is the error.
                if index == 9 { throw Failure(index: 9) }
                if index == 7 {
                    usleep(2000)
                    throw Failure(index: 7)
                }
                return index
            } then: { index, _ in
                folded.append(index)
            }
        }
        #expect(folded == Array(0..<7))
        #expect(calls.load(ordering: .relaxed) < 100, "work stopped soon after the error")
    }

    @Test func anErrorFromTheFoldStopsTheWork() throws {
        let calls = Atomic<Int>(0)
        #expect(throws: Failure(index: 3)) {
            try Parallel.forEachInOrder(10_000, workers: 2, ahead: 4) { index in
                calls.add(1, ordering: .relaxed)
                return index
            } then: { index, _ in
                if index == 3 { throw Failure(index: 3) }
            }
        }
        #expect(calls.load(ordering: .relaxed) < 100)
    }

    @Test func oneWorkerRunsInOrderOnTheCallingThread() throws {
        var order: [String] = []
        try Parallel.forEachInOrder(3, workers: 1) { index in
            order.append("work \(index)")
            return index
        } then: { index, _ in
            order.append("fold \(index)")
        }
        #expect(order == ["work 0", "fold 0", "work 1", "fold 1", "work 2", "fold 2"])
    }
}
