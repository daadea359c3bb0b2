import ResponderCore
import Testing
import TouchlogFormat

@testable import TouchlogReplay

/// JSON records onto the core's specs.
@Suite struct MappingTests {
    @Test func viewFieldsMapAndUnknownFieldsAreIgnored() throws {
        let json = try JSONReader.parse(
            #"{"id":"tf","class":"App.Field","baseClass":"UITextField","frame":[1,2,3,4],"isHidden":true,"alpha":0.5,"futureField":[1,2],"gestureRecognizers":[{"id":"g","class":"UITapGestureRecognizer","cancelsTouchesInView":false,"actions":[{"target":"vc","action":"dismiss","effect":"endEditing"}]}],"actions":[{"events":["touchUpInside"],"target":null,"action":"go:"}]}"#
        ).objectValue!
        let spec = try ViewMapping.view(json, seq: 5)
        #expect(spec.id == "tf" && spec.uikitClass == .textField)
        #expect(spec.frame == Rect(1, 2, 3, 4) && spec.isHidden == true && spec.alpha == 0.5)
        #expect(spec.gestureRecognizers.first?.cancelsTouchesInView == false)
        #expect(spec.gestureRecognizers.first?.actions.first?.effect == .endEditing)
        #expect(spec.actions == [ActionSpec(events: ["touchUpInside"], target: nil, action: "go:")])
    }

    @Test func aViewWithoutIdSaysWhereAndWhat() throws {
        let json = try JSONReader.parse(#"{"class":"UIView","frame":[0,0,1,1]}"#).objectValue!
        #expect(throws: MappingError.self) { try ViewMapping.view(json, seq: 7) }
        do {
            _ = try ViewMapping.view(json, seq: 7)
        } catch let error as MappingError {
            #expect(error.seq == 7 && error.message.contains("\"id\""))
        }
    }

    @Test func deepHierarchiesMapWithoutRecursion() throws {
        var inner: JSONValue = ["id": "leaf", "class": "UIView", "frame": [0, 0, 1, 1]]
        for k in 0..<5_000 {
            inner = .object(["id": .string("v\(k)"), "class": "UIView", "frame": [0, 0, 10, 10], "subviews": [inner]])
        }
        let spec = try ViewMapping.view(inner.objectValue!, seq: 2)
        var depth = 0
        var cur = spec
        while let next = cur.subviews.first {
            depth += 1
            cur = next
        }
        #expect(depth == 5_000 && cur.id == "leaf")
    }

    @Test func snapshotMapsWindowsControllersApplicationAndUnknownPolicies() throws {
        let json = try JSONReader.parse(
            #"{"type":"snapshot","t":0,"windows":[{"id":"w","class":"UIWindow","frame":[0,0,10,10],"isKeyWindow":true,"windowLevel":2,"policies":["dismiss-on-outside-touch","shake-to-dismiss"]}],"controllers":[{"id":"vc","class":"VC","view":"w","endsEditingOnTouchesBegan":true}],"application":{"id":"app","delegate":{"id":"d","isResponder":true}}}"#
        ).objectValue!
        let (h, unknown) = try SnapshotMapping.hierarchy(json, seq: 2)
        #expect(h.windows.first?.policies == [.dismissOnOutsideTouch] && h.windows.first?.windowLevel == 2)
        #expect(unknown == ["shake-to-dismiss"])
        #expect(h.controllers.first?.endsEditingOnTouchesBegan == true)
        #expect(h.application.id == "app" && h.application.delegateIsResponder)
    }
}

/// The trace writer's fast path writes exactly what the project's JSON writer writes.
@Suite struct TraceWriterTests {
    @Test(arguments: ["plain", "quote\"d", "back\\slash", "tab\there", "new\nline", "ünïcødé 👍", "", "\u{01}"])
    func stringsMatchTheJSONWriter(text: String) {
        let value: JSONValue = ["k": .string(text), "a": [.string(text), 1.5, nil, true]]
        var fast = ""
        TraceWriter.write(value, into: &fast)
        #expect(fast == value.serialized())
    }
}

/// The text timeline folds runs of plain key presses and keeps everything else on its own line.
@Suite struct TimelineTests {
    @Test func keysIntoTheHiddenFieldAreOneMarkedLine() throws {
        let db = try Samples.database("03-hidden-promo-field-keeps-typing")
        var writer = TimelineWriter()
        var text = ""
        try ReplayService(database: db).replay(
            try db.sessions()[0], presentation: ReplayPresentation(describeObjects: true)
        ) { text += writer.add($0) }
        text += writer.finish()
        #expect(
            text.contains(
                "lines 18-21  4 keys (4 characters) to promoField (UITextField, \"checkout.promoCode\") (hidden!)\n"))
        #expect(text.contains("set promoField isHidden=true"))
        #expect(!text.contains("line 19 "))
    }
}
