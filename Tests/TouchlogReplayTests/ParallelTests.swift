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
        try Parallel.forEachInOrder(200, workers: 3, ahead: 5) { index in
            started.add(1, ordering: .sequentiallyConsistent)
            return index
        } then: { index, _ in
            // Indices taken beyond the ones folded (this one included): at most `ahead`.
            let lead = started.load(ordering: .sequentiallyConsistent) - (index + 1)
            worstLead = max(worstLead, lead)
            usleep(100)
        }
        #expect(worstLead <= 5)
        #expect(worstLead >= 2, "the workers did run ahead of the fold")
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
