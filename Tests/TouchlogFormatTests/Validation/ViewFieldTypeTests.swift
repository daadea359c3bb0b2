import Testing

@testable import TouchlogFormat

/// The validator and the decoder read every view field by its type in the table (`ViewField`): a value of the wrong
/// type is an error at that member for the one and a decoding error naming it for the other, whichever field it is.
@Suite struct ViewFieldTypeTests {
    /// A JSON value no field type accepts.
    static let wrong: JSONValue = ["not": "a field value"]

    static func setRecord(_ field: ViewField, _ value: JSONValue) -> JSONObject {
        var object: JSONObject = ["type": "set", "t": 1, "view": "w1"]
        object[field.name] = value
        return object
    }

    static func validated(_ object: JSONObject) -> [RecordIssue] {
        var validator = SessionValidator()
        let snapshot: JSONObject = [
            "type": "snapshot", "t": 0,
            "windows": [["id": "w1", "class": "UIWindow", "frame": [0, 0, 10, 10], "isKeyWindow": true]],
        ]
        _ = validator.read(snapshot)
        return validator.read(object).issues
    }

    @Test(arguments: ViewField.allCases)
    func aWronglyTypedValueIsAnErrorAtTheField(field: ViewField) {
        let issues = Self.validated(Self.setRecord(field, Self.wrong))
        #expect(
            issues.contains { $0.severity == .error && $0.path.first == .key(field.name) },
            "\(field.name): \(issues.map(\.message))")
        #expect(throws: RecordDecodingError.self) { try Record(decoding: Self.setRecord(field, Self.wrong)) }
    }

    @Test(arguments: ViewField.allCases)
    func theTableDefaultIsAValueBothAccept(field: ViewField) throws {
        // Every default the table gives is a value of the field's type that the format accepts and reads back.
        guard let value = field.defaultValue(for: .view) else { return }
        let object = Self.setRecord(field, value.json)
        #expect(Self.validated(object).allSatisfy { $0.severity != .error })
        guard case .set(let set) = try Record(decoding: object) else {
            Issue.record("not a set record")
            return
        }
        #expect(set.patch[field] == value)
    }

    /// A value of the same type that is not `value`.
    static func different(from value: ViewFieldValue) -> ViewFieldValue {
        switch value {
        case .bool(let flag): .bool(!flag)
        case .number(let number): .number(number + 0.5)
        case .count(let count): .count(count + 1)
        case .string(let string): .string(string + "x")
        case .rect(let rect): .rect(Rect(rect.x + 1, rect.y, rect.width, rect.height))
        case .point(let point): .point(Point(point.x + 1, point.y))
        case .size(let size): .size(Size(size.width + 1, size.height))
        case .insets(let insets):
            .insets(EdgeInsets(top: insets.top + 1, left: insets.left, bottom: insets.bottom, right: insets.right))
        case .touchesShouldCancel(let answer): .touchesShouldCancel(answer == .always ? .never : .always)
        case .indexPath(let path): .indexPath(ListIndexPath(path.section, path.item + 1))
        case .indexPaths(let paths): .indexPaths(paths + [ListIndexPath(0, 9)])
        case .transform: .transform(AffineTransform(a: 3, b: 0, c: 0, d: 3, tx: 0, ty: 0))
        case .strings(let names): .strings(names + ["copy:"])
        case .actions(let actions):
            .actions(actions + [ActionSpec(events: ["touchUpInside"], target: nil, action: "a:")])
        case .recognizers(let list): .recognizers(list + [RecognizerSpec(id: "g", className: "UITapGestureRecognizer")])
        case .keyboardDismissMode(let mode): .keyboardDismissMode(mode == .onDrag ? .interactive : .onDrag)
        case .accessibilityElements(let elements):
            .accessibilityElements(elements + [AccessibilityElementSpec(frame: Rect(0, 0, 10, 10), label: "x")])
        }
    }

    /// What a writer leaves out (the recorder, for every view) is exactly what equals the class default, for every
    /// field and every class the table knows.
    @Test(arguments: ViewField.allCases)
    func aValueEqualToTheClassDefaultIsLeftOutAndAnyOtherKept(field: ViewField) {
        for kind in UIKitClass.allCases {
            let defaults = ViewProperties.defaults(for: kind)
            #expect(defaults[field] == field.defaultValue(for: kind))
            guard let value = field.defaultValue(for: kind) else { continue }
            var same = ViewProperties()
            same[field] = value
            same.removeValues(equalTo: defaults)
            #expect(same[field] == nil, "\(field.name) equal to \(kind.rawValue)'s default is left out")
            var other = ViewProperties()
            other[field] = Self.different(from: value)
            other.removeValues(equalTo: defaults)
            #expect(other[field] == Self.different(from: value), "\(field.name) not the default is kept")
        }
    }
}
