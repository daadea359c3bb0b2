import Foundation
import ResponderCore
import Testing

@testable import TouchlogFormat

/// The typed records' enums name exactly what the format's JSON Schema allows: renaming a case or its raw value
/// (a keyboard phase, a touch phase, a call) breaks this test, not a user's report.
@Suite struct SchemaAgreementTests {
    static let schema: JSONValue = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
                "docs/touchlog-1.schema.json")
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        return (try? JSONReader.parse(text)) ?? .null
    }()

    /// The `enum` of a property of a definition in the schema.
    static func names(_ definition: String, _ property: String) -> [String] {
        schema["$defs"]?[definition]?["properties"]?[property]?["enum"]?.arrayValue?.compactMap(\.stringValue) ?? []
    }

    @Test func keyboardPhases() {
        #expect(!Self.names("KeyboardRecord", "phase").isEmpty)
        #expect(KeyboardPhase.allCases.map(\.rawValue) == Self.names("KeyboardRecord", "phase"))
    }

    @Test func recognizerStates() {
        #expect(!Self.names("RecognizerRecord", "state").isEmpty)
        #expect(ObservedRecognizerState.allCases.map(\.rawValue) == Self.names("RecognizerRecord", "state"))
    }

    @Test func touchPhases() {
        #expect(TouchPhase.allCases.map(\.name) == Self.names("TouchRecord", "phase"))
    }

    @Test func callMethods() {
        #expect(ResponderCall.allCases.map(\.rawValue) == Self.names("CallRecord", "method"))
    }

    @Test func recognizerEffects() {
        #expect(RecognizerEffect.allCases.map(\.rawValue) == Self.names("RecognizerAction", "effect"))
    }

    /// The record types touchlog knows are the ones the schema describes (its unknown-record branch lists them).
    @Test func recordTypes() {
        let known =
            Self.schema["$defs"]?["UnknownRecord"]?["properties"]?["type"]?["not"]?["enum"]?.arrayValue?.compactMap(
                \.stringValue) ?? []
        #expect(!known.isEmpty)
        #expect(Set(RecordKind.allCases.map(\.rawValue)) == Set(known))
    }

    @Test func swipeDirections() {
        let names =
            Self.schema["$defs"]?["Recognizer"]?["properties"]?["direction"]?["items"]?["enum"]?.arrayValue?
            .compactMap(\.stringValue) ?? []
        #expect(!names.isEmpty)
        #expect(SwipeDirection.allCases.map(\.rawValue) == names)
    }

    @Test func keyboardDismissModes() {
        #expect(KeyboardDismissMode.allCases.map(\.rawValue) == Self.names("ViewFields", "keyboardDismissMode"))
    }

    /// Every name the schema allows decodes into its typed case (the decoder reads the format's words, not its own).
    @Test(arguments: names("KeyboardRecord", "phase"))
    func everyKeyboardPhaseOfTheSchemaDecodes(name: String) throws {
        let json = try JSONReader.parse(#"{"type":"keyboard","t":0,"phase":"\#(name)","frame":[0,0,1,1]}"#)
        guard case .keyboard(let keyboard) = try Record(decoding: json.objectValue!) else {
            Issue.record("\(name) is not a keyboard record")
            return
        }
        #expect(keyboard.phase.rawValue == name)
    }
}
