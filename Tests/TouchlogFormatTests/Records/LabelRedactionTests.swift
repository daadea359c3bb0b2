import Testing

@testable import TouchlogFormat

/// `--redact-labels` at the decoder: labels become stable tokens in every place a view can be written.
@Suite struct LabelRedactionTests {
    @Test func aTokenIsStableShortAndDiffersByLabel() {
        // Pinned: docs/privacy.md and `touchlog ingest --help` show this token, and sessions ingested by another
        // version of touchlog must keep grouping with these.
        #expect(LabelRedaction.token(for: "Call Ann Smith") == "label#06049f84")
        #expect(LabelRedaction.token(for: "Call Ann Smith") == LabelRedaction.token(for: "Call Ann Smith"))
        #expect(LabelRedaction.token(for: "Call Ann Smith") != LabelRedaction.token(for: "Call Ann Smyth"))
        #expect(LabelRedaction.token(for: "").count == "label#".count + 8)
    }

    static let lines = [
        #"{"type":"snapshot","t":1,"windows":[{"id":"w1","class":"UIWindow","frame":[0,0,393,852],"isKeyWindow":true,"subviews":[{"id":"root","class":"UIView","frame":[0,0,393,852],"subviews":[{"id":"cell","class":"UITableViewCell","frame":[0,0,393,44],"accessibilityIdentifier":"contacts.cell","accessibilityLabel":"Call Ann Smith","accessibilityValue":"mobile","imported":{"placeholder":"Ann's number","elementType":"Cell"}},{"id":"empty","class":"UILabel","frame":[0,50,1,1],"accessibilityLabel":""}]}]}]}"#,
        #"{"type":"insert","t":2,"parent":"root","view":{"id":"toast","class":"UIView","frame":[0,0,1,1],"subviews":[{"id":"undo","class":"UIButton","frame":[0,0,1,1],"accessibilityLabel":"Call Ann Smith","title":"Undo"}]}}"#,
        #"{"type":"set","t":3,"view":"cell","accessibilityLabel":"Call Bob Jones","isHidden":false}"#,
    ]

    /// A hosting view's accessibility elements carry the labels SwiftUI's content shows: each becomes its token,
    /// the identifier and the frame stay.
    @Test func accessibilityElementsLabelsBecomeTokens() throws {
        let lines = [
            #"{"type":"snapshot","t":1,"windows":[{"id":"w1","class":"UIWindow","frame":[0,0,393,852],"isKeyWindow":true,"subviews":[{"id":"host","class":"_TtGC7SwiftUI14_UIHostingViewV4Shop8CartView_","baseClass":"UIView","frame":[0,0,393,852],"hostsSwiftUI":true,"accessibilityElements":[{"frame":[24,700,345,50],"identifier":"cart.checkout","label":"Pay Ann Smith"}]}]}]}"#,
            #"{"type":"set","t":2,"view":"host","accessibilityElements":[{"frame":[24,700,345,50],"label":"Pay Bob Jones"}]}"#,
        ]
        let log = DecodedLog(Lines.session(lines), redactLabels: true)
        #expect(log.errors.isEmpty)
        let stored = log.records.suffix(2).compactMap(\.json)
        #expect(
            stored[0].contains(
                #"{"frame":[24,700,345,50],"identifier":"cart.checkout","label":"\#(LabelRedaction.token(for: "Pay Ann Smith"))"}"#
            ))
        #expect(stored[1].contains(#""label":"\#(LabelRedaction.token(for: "Pay Bob Jones"))""#))
        for label in ["Ann", "Bob"] { #expect(!stored.joined().contains(label)) }
    }

    @Test func labelsBecomeTokensInSnapshotsInsertsAndSetRecords() throws {
        let log = DecodedLog(Lines.session(Self.lines), redactLabels: true)
        #expect(log.errors.isEmpty)
        let stored = log.records.suffix(3).compactMap(\.json)
        let ann = LabelRedaction.token(for: "Call Ann Smith")
        #expect(
            stored[0].contains(
                #""accessibilityLabel":"\#(ann)","accessibilityValue":"\#(LabelRedaction.token(for: "mobile"))""#))
        #expect(
            stored[0].contains(
                #""imported":{"placeholder":"\#(LabelRedaction.token(for: "Ann's number"))","elementType":"Cell"}"#))
        #expect(stored[0].contains(#""accessibilityIdentifier":"contacts.cell""#))
        #expect(stored[0].contains(#""accessibilityLabel":"""#), "an empty label says nothing and stays empty")
        #expect(stored[1].contains(#""accessibilityLabel":"\#(ann)","title":"\#(LabelRedaction.token(for: "Undo"))""#))
        #expect(
            stored[2]
                == #"{"type":"set","t":3,"view":"cell","accessibilityLabel":"\#(LabelRedaction.token(for: "Call Bob Jones"))","isHidden":false}"#
        )
        for label in ["Ann", "Bob", "mobile", "Undo"] { #expect(!stored.joined().contains(label)) }

        // What replay and the report read is the token too: the typed view carries it, so findings are named and
        // grouped by it.
        guard case .snapshot(let snapshot) = log.records[log.records.count - 3].record else {
            Issue.record("expected a snapshot")
            return
        }
        #expect(snapshot.hierarchy.windows[0].view.subviews[0].subviews[0].accessibilityLabel == ann)
    }

    @Test func withoutTheOptionLabelsAreStoredAsWritten() {
        let log = DecodedLog(Lines.session(Self.lines))
        #expect(Array(log.records.suffix(3).compactMap(\.json)) == Self.lines)
    }
}
