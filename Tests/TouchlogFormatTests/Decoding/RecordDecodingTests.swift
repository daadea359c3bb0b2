import ResponderCore
import Testing

@testable import TouchlogFormat

/// JSON records decoded once into typed records (the core's specs for views and hierarchies).
@Suite struct RecordDecodingTests {
    @Test func viewFieldsMapAndUnknownFieldsAreIgnored() throws {
        let json = try JSONReader.parse(
            #"{"id":"tf","class":"App.Field","baseClass":"UITextField","frame":[1,2,3,4],"isHidden":true,"alpha":0.5,"futureField":[1,2],"gestureRecognizers":[{"id":"g","class":"UITapGestureRecognizer","cancelsTouchesInView":false,"actions":[{"target":"vc","action":"dismiss","effect":"endEditing"}]}],"actions":[{"events":["touchUpInside"],"target":null,"action":"go:"}]}"#
        ).objectValue!
        let spec = try Self.view(json)
        #expect(spec.id == "tf" && spec.uikitClass == .textField)
        #expect(spec.frame == Rect(1, 2, 3, 4) && spec.isHidden == true && spec.alpha == 0.5)
        #expect(spec.gestureRecognizers?.first?.cancelsTouchesInView == false)
        #expect(spec.gestureRecognizers?.first?.actions.first?.effect == .endEditing)
        #expect(spec.actions == [ActionSpec(events: ["touchUpInside"], target: nil, action: "go:")])
    }

    /// The kind properties of part 2 (GR2, GR6–GR8) decode into the spec and encode back to the same members; a
    /// recognizer that keeps UIKit's defaults writes none of them.
    @Test func recognizerKindPropertiesRoundTrip() throws {
        let members =
            #"{"id":"g","class":"UISwipeGestureRecognizer","numberOfTouchesRequired":2,"minimumPressDuration":1.5,"allowableMovement":30,"direction":["left","up"],"minimumNumberOfTouches":2,"maximumNumberOfTouches":3,"simultaneousWith":["feed#pan"]}"#
        let view = try JSONReader.parse(
            #"{"id":"v","class":"UIView","frame":[0,0,1,1],"gestureRecognizers":["# + members + "]}"
        ).objectValue!
        let spec = try #require(try Self.view(view).gestureRecognizers?.first)
        #expect(spec.resolvedKind == .swipe && spec.numberOfTouchesRequired == 2)
        #expect(spec.minimumPressDuration == 1.5 && spec.allowableMovement == 30)
        #expect(spec.direction == [.left, .up] && spec.simultaneousWith == ["feed#pan"])
        #expect(spec.minimumNumberOfTouches == 2 && spec.maximumNumberOfTouches == 3)
        let encoded = try #require(spec.json.objectValue)
        for key in [
            "numberOfTouchesRequired", "minimumPressDuration", "allowableMovement", "direction",
            "minimumNumberOfTouches", "maximumNumberOfTouches", "simultaneousWith",
        ] {
            #expect(encoded[key] == (try JSONReader.parse(members).objectValue)?[key], "\(key)")
        }
        let plain = RecognizerSpec(id: "g", className: "UITapGestureRecognizer").json.objectValue
        #expect(plain?["direction"] == nil && plain?["simultaneousWith"] == nil && plain?["allowableMovement"] == nil)
        let unknownDirection = try JSONReader.parse(
            #"{"id":"v","class":"UIView","frame":[0,0,1,1],"gestureRecognizers":[{"id":"g","class":"UISwipeGestureRecognizer","direction":["sideways"]}]}"#
        ).objectValue!
        #expect(throws: (any Error).self) { try Self.view(unknownDirection) }
    }

    /// A recorder's `dropped` note decodes into its typed record and encodes back to the same line.
    @Test func aDroppedNoteRoundTrips() throws {
        let line = #"{"type":"dropped","t":52.4,"moved":3,"other":37,"from":50.1,"to":52.4}"#
        let record = try Record(decoding: try JSONReader.parse(line).objectValue!)
        #expect(record == .dropped(DroppedRecord(t: 52.4, moved: 3, other: 37, from: 50.1, to: 52.4)))
        #expect(record.kind == .dropped && record.t == 52.4 && !record.kind!.isInputEvent)
        var out = ""
        record.writeLine(into: &out)
        #expect(out == line + "\n")
        let negative = try JSONReader.parse(#"{"type":"dropped","t":1,"moved":-1,"other":0,"from":0,"to":1}"#)
        #expect(throws: RecordDecodingError.self) { try Record(decoding: negative.objectValue!) }
    }

    @Test func aViewWithoutIdSaysWhereAndWhat() throws {
        let json = try JSONReader.parse(#"{"class":"UIView","frame":[0,0,1,1]}"#).objectValue!
        #expect(throws: RecordDecodingError.self) { try Self.view(json) }
        // Read back from the store, the error names the record's line.
        let stored = Array(#"{"type":"insert","t":1,"parent":"p","view":{"class":"UIView","frame":[0,0,1,1]}}"#.utf8)
        stored.withUnsafeBufferPointer { bytes in
            do {
                _ = try Record(decoding: bytes, seq: 7)
                Issue.record("a view without an id decoded")
            } catch let error as RecordDecodingError {
                #expect(error.seq == 7 && error.message.contains("\"id\""))
            } catch {
                Issue.record("unexpected \(error)")
            }
        }
    }

    /// One View object read by the parser alone, its first error thrown.
    static func view(_ object: JSONObject) throws -> ViewSpec {
        var reader = FieldReader()
        guard let spec = reader.view(.object(object), at: []) else {
            throw RecordDecodingError(reader.issues.first?.message ?? "no view")
        }
        return spec
    }

    @Test func theDeepestHierarchyTheFormatAllowsReadsBackFromTheStore() throws {
        // Views nest at most FormatLimits.maximumViewDepth levels; a stored insert that deep decodes whole, on a
        // thread with the stack every reader of records gets.
        var inner: JSONValue = ["id": "leaf", "class": "UIView", "frame": [0, 0, 1, 1]]
        for k in 0..<(FormatLimits.maximumViewDepth - 1) {
            inner = .object(["id": .string("v\(k)"), "class": "UIView", "frame": [0, 0, 10, 10], "subviews": [inner]])
        }
        let text = Array(
            JSONValue.object(["type": "insert", "t": 1, "parent": .null, "view": inner]).serialized().utf8)
        let record = onReaderThread { text.withUnsafeBufferPointer { try? Record(decoding: $0, seq: 2) } }
        guard case .insert(let insert)? = record else {
            Issue.record("the deepest insert did not decode")
            return
        }
        var depth = 1
        var cur = insert.view
        while let next = cur.subviews.first {
            depth += 1
            cur = next
        }
        #expect(depth == FormatLimits.maximumViewDepth && cur.id == "leaf")
    }

    @Test func snapshotMapsWindowsControllersApplicationAndUnknownPolicies() throws {
        let json = try JSONReader.parse(
            #"{"type":"snapshot","t":0,"windows":[{"id":"w","class":"UIWindow","frame":[0,0,10,10],"isKeyWindow":true,"windowLevel":2,"policies":["dismiss-on-outside-touch","shake-to-dismiss"]}],"controllers":[{"id":"vc","class":"VC","view":"w","endsEditingOnTouchesBegan":true}],"application":{"id":"app","delegate":{"id":"d","isResponder":true}}}"#
        ).objectValue!
        guard case .snapshot(let snapshot) = try Record(decoding: json) else {
            Issue.record("not a snapshot")
            return
        }
        let (h, unknown) = (snapshot.hierarchy, snapshot.unknownPolicies)
        #expect(h.windows.first?.policies == [.dismissOnOutsideTouch] && h.windows.first?.windowLevel == 2)
        #expect(unknown == ["shake-to-dismiss"])
        #expect(h.controllers.first?.endsEditingOnTouchesBegan == true)
        #expect(h.application.id == "app" && h.application.delegateIsResponder)
    }

    @Test func snapshotMapsPlainObjectsAndDelegates() throws {
        let json = try JSONReader.parse(
            #"{"type":"snapshot","t":0,"windows":[{"id":"w","class":"UIWindow","frame":[0,0,10,10],"subviews":[{"id":"tf","class":"UITextField","frame":[0,0,5,5],"delegate":"coord","gestureRecognizers":[{"id":"g","class":"UITapGestureRecognizer","delegate":"coord"}]}]}],"objects":[{"id":"coord","class":"Shop.Coordinator","implements":["pay:"]}]}"#
        ).objectValue!
        guard case .snapshot(let snapshot) = try Record(decoding: json) else {
            Issue.record("not a snapshot")
            return
        }
        let h = snapshot.hierarchy
        #expect(h.objects == [ObjectSpec(id: "coord", className: "Shop.Coordinator", implements: ["pay:"])])
        let field = h.windows[0].view.subviews[0]
        #expect(field.delegate == "coord" && field.gestureRecognizers?.first?.delegate == "coord")
    }

    @Test func targetForActionAndRefusedActionsAreTyped() throws {
        let query = try JSONReader.parse(
            #"{"type":"targetForAction","t":2.5,"action":"paste:","responder":"tf","sender":null,"target":"vc"}"#
        ).objectValue!
        #expect(
            try Record(decoding: query)
                == .targetForAction(
                    TargetForActionRecord(t: 2.5, responder: "tf", action: "paste:", sender: nil, target: "vc")))
        let snapshot = try JSONReader.parse(
            #"{"type":"snapshot","t":0,"windows":[{"id":"w","class":"UIWindow","frame":[0,0,10,10],"refusesActions":["copy:"]}],"controllers":[{"id":"vc","class":"VC","view":"w","refusesActions":["save:"]}],"application":{"refusesActions":["a:"],"delegate":{"id":"d","refusesActions":["b:"]}}}"#
        ).objectValue!
        guard case .snapshot(let s) = try Record(decoding: snapshot) else {
            Issue.record("not a snapshot")
            return
        }
        #expect(s.hierarchy.windows[0].view.refusesActions == ["copy:"])
        #expect(s.hierarchy.controllers[0].refusesActions == ["save:"])
        #expect(s.hierarchy.application.refusesActions == ["a:"])
        #expect(s.hierarchy.application.delegateRefusesActions == ["b:"])
    }

    @Test func detachedViewsAndParentlessInsertsAreTyped() throws {
        let snapshot = try JSONReader.parse(
            #"{"type":"snapshot","t":0,"windows":[{"id":"w","class":"UIWindow","frame":[0,0,10,10]}],"detachedViews":[{"id":"draft","class":"UITextField","frame":[0,0,5,5],"subviews":[{"id":"icon","class":"UIImageView","frame":[0,0,1,1]}]}]}"#
        ).objectValue!
        guard case .snapshot(let s) = try Record(decoding: snapshot) else {
            Issue.record("not a snapshot")
            return
        }
        #expect(s.hierarchy.detachedViews.map(\.id) == ["draft"])
        #expect(s.hierarchy.detachedViews[0].subviews.map(\.id) == ["icon"])
        let insert = try JSONReader.parse(
            #"{"type":"insert","t":1,"parent":null,"view":{"id":"sheet","class":"UIView","frame":[0,0,1,1]}}"#
        ).objectValue!
        guard case .insert(let i) = try Record(decoding: insert) else {
            Issue.record("not an insert")
            return
        }
        #expect(i.parent == nil && i.view.id == "sheet")
    }

    @Test func recognizerObservationsAreTypedAndRecognizedIsEnded() throws {
        func record(_ text: String) throws -> Record { try Record(decoding: try JSONReader.parse(text).objectValue!) }
        let observed = try record(#"{"type":"recognizer","t":1.5,"id":"dismissTap","state":"recognized"}"#)
        #expect(observed == .recognizer(RecognizerRecord(t: 1.5, recognizer: "dismissTap", state: .recognized)))
        #expect(observed.kind == .recognizer && observed.t == 1.5 && !RecordKind.recognizer.isInputEvent)
        #expect(ObservedRecognizerState.recognized.core == .ended && ObservedRecognizerState.began.core == .began)
        // Written back as read.
        #expect(
            observed.jsonObject
                == (try JSONReader.parse(#"{"type":"recognizer","t":1.5,"id":"dismissTap","state":"recognized"}"#)
                    .objectValue!))
        #expect(throws: RecordDecodingError.self) {
            try record(#"{"type":"recognizer","t":1,"id":"g","state":"swiped"}"#)
        }
        #expect(throws: RecordDecodingError.self) { try record(#"{"type":"recognizer","t":1,"state":"began"}"#) }
    }

    @Test func keyWindowObservationsMakeKeyCallsAndWindowSetsAreTyped() throws {
        func record(_ text: String) throws -> Record { try Record(decoding: try JSONReader.parse(text).objectValue!) }
        #expect(
            try record(#"{"type":"keyWindow","t":1,"window":null}"#) == .keyWindow(KeyWindowRecord(t: 1, window: nil)))
        #expect(
            try record(#"{"type":"call","t":1,"view":"w","method":"makeKey"}"#)
                == .call(CallRecord(t: 1, responder: "w", method: .makeKey)))
        guard case .set(let set) = try record(#"{"type":"set","t":1,"view":"w","isKeyWindow":true,"windowLevel":2}"#)
        else {
            Issue.record("not a set")
            return
        }
        #expect(set.patch.isKeyWindow == true && set.patch.windowLevel == 2)
    }

    @Test func scrollViewContentTouchFlagsAreTypedInViewsAndSets() throws {
        let set = try Record(
            decoding: try JSONReader.parse(
                #"{"type":"set","t":1,"view":"list","delaysContentTouches":false,"canCancelContentTouches":true}"#
            ).objectValue!)
        guard case .set(let s) = set else {
            Issue.record("not a set")
            return
        }
        #expect(s.patch.delaysContentTouches == false && s.patch.canCancelContentTouches == true)
        let view = try Self.view(
            try JSONReader.parse(
                #"{"id":"list","class":"UITableView","frame":[0,0,1,1],"canCancelContentTouches":false}"#
            ).objectValue!)
        #expect(view.canCancelContentTouches == false && view.delaysContentTouches == nil)
    }

    @Test func timeRecordsAreInputThatOnlyCarriesTheirTime() throws {
        let record = try Record(decoding: try JSONReader.parse(#"{"type":"time","t":3.25}"#).objectValue!)
        #expect(record == .time(TimeRecord(t: 3.25)))
        #expect(record.kind?.isInputEvent == true)
    }

    @Test(arguments: KeyboardPhase.allCases)
    func keyboardPhasesAreTypedAndSayWhatTheyTellOfVisibility(phase: KeyboardPhase) throws {
        let json = try JSONReader.parse(
            #"{"type":"keyboard","t":1,"phase":"\#(phase.rawValue)","frame":[0,516,393,336]}"#
        ).objectValue!
        #expect(
            try Record(decoding: json) == .keyboard(KeyboardRecord(t: 1, phase: phase, frame: Rect(0, 516, 393, 336))))
        // A frame change says nothing of visibility; only show and hide notifications do.
        switch phase {
        case .willShow, .didShow: #expect(phase.visibility == true)
        case .willHide, .didHide: #expect(phase.visibility == false)
        case .willChangeFrame: #expect(phase.visibility == nil)
        }
    }

    @Test func aKeyboardPhaseTheFormatDoesNotHaveIsRefused() throws {
        let json = try JSONReader.parse(#"{"type":"keyboard","t":1,"phase":"didChangeFrame","frame":[0,0,1,1]}"#)
        #expect(throws: RecordDecodingError.self) { try Record(decoding: json.objectValue!) }
    }

    @Test func sentTellsUnrecordedFromNobody() throws {
        func sent(_ text: String) throws -> SentRecord? {
            guard case .sent(let sent) = try Record(decoding: try JSONReader.parse(text).objectValue!) else {
                return nil
            }
            return sent
        }
        #expect(try sent(#"{"type":"sent","t":1,"action":"a:"}"#)?.target == .unrecorded)
        #expect(try sent(#"{"type":"sent","t":1,"action":"a:","target":null}"#)?.target == .nobody)
        #expect(try sent(#"{"type":"sent","t":1,"action":"a:","target":"vc","sender":"b"}"#)?.sender == .object("b"))
    }

    @Test func keyTextIsCountedInUTF16LikeNSString() throws {
        let json = try JSONReader.parse(#"{"type":"key","t":1,"text":"👍é"}"#).objectValue!
        #expect(try Record(decoding: json) == .key(KeyRecord(t: 1, length: 3, text: "👍é")))
    }

    @Test func anUnknownTypeIsKeptWithItsTime() throws {
        let json = try JSONReader.parse(#"{"type":"accelerometer","t":2.5,"x":1}"#).objectValue!
        let record = try Record(decoding: json)
        #expect(record == .unknown(UnknownRecord(type: "accelerometer", t: 2.5)))
        #expect(record.kind == nil && record.typeName == "accelerometer" && record.t == 2.5)
    }
}
