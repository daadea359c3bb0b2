/// Reads a record's members into typed values, collecting an issue for each member that is missing or of the wrong
/// type, named by its path and with the fix: the one place a record's JSON is interpreted (``RecordParser``).
///
/// Each read returns the typed value, or nil when the member is absent (and optional) or wrong (and an issue says
/// so). Paths are autoclosures: they are built only when there is something to say, not for every member read.
struct FieldReader {
    var issues: [RecordIssue] = []
    /// Errors so far: a part read without adding one is whole.
    private(set) var errorCount = 0

    mutating func error(_ path: [JSONPathComponent], _ message: String, hint: String) {
        issues.append(.error(path, message, hint: hint))
        errorCount += 1
    }

    mutating func warning(_ path: [JSONPathComponent], _ message: String, hint: String) {
        issues.append(.warning(path, message, hint: hint))
    }

    mutating func append(_ issue: RecordIssue) {
        issues.append(issue)
        if issue.severity == .error { errorCount += 1 }
    }

    private mutating func wrongType(_ path: [JSONPathComponent], _ value: JSONValue, expected: String) {
        error(
            path, "\"\(path.pathDescription)\" must be \(expected), not \(value.typeDescription)",
            hint: "write \"\(path.pathDescription)\" as \(expected)")
    }

    /// A required member; reports it missing.
    mutating func required(
        _ object: JSONObject, _ key: String, at path: @autoclosure () -> [JSONPathComponent], what: String
    ) -> JSONValue? {
        guard let value = object[key] else {
            error(
                path(), "missing required member \"\(key)\" in \(what)",
                hint: "add \"\(key)\" to the \(what); see docs/log-format.md")
            return nil
        }
        return value
    }

    @discardableResult
    mutating func string(
        _ value: JSONValue?, at path: @autoclosure () -> [JSONPathComponent], nullable: Bool = false
    ) -> String? {
        guard let value else { return nil }
        if case .string(let text) = value {
            guard !text.utf8.contains(0) else {
                refuseNUL(at: path())
                return nil
            }
            return text
        }
        if nullable, value.isNull { return nil }
        wrongType(path(), value, expected: nullable ? "a string or null" : "a string")
        return nil
    }

    /// A string holding U+0000 (`\u0000`): PostgreSQL's text cannot hold it, so neither store takes it, and the same
    /// recording gives the same result in both. No UIKit identifier, class name or label holds one.
    mutating func refuseNUL(at path: [JSONPathComponent]) {
        error(
            path, "\"\(path.pathDescription)\" holds the character U+0000 (\\u0000), which touchlog does not store",
            hint: "remove it from the recording: PostgreSQL's text cannot hold it, so neither store keeps it")
    }

    @discardableResult
    mutating func nonEmptyString(_ value: JSONValue?, at path: @autoclosure () -> [JSONPathComponent]) -> String? {
        guard let text = string(value, at: path()) else { return nil }
        if text.isEmpty {
            error(path(), "\"\(path().pathDescription)\" must not be empty", hint: "give it a non-empty id or name")
            return nil
        }
        return text
    }

    @discardableResult
    mutating func bool(_ value: JSONValue?, at path: @autoclosure () -> [JSONPathComponent]) -> Bool? {
        guard let value else { return nil }
        if case .bool(let flag) = value { return flag }
        wrongType(path(), value, expected: "true or false")
        return nil
    }

    @discardableResult
    mutating func number(_ value: JSONValue?, at path: @autoclosure () -> [JSONPathComponent]) -> Double? {
        guard let value else { return nil }
        if case .number(let number) = value { return number }
        wrongType(path(), value, expected: "a number")
        return nil
    }

    @discardableResult
    mutating func integer(
        _ value: JSONValue?, at path: @autoclosure () -> [JSONPathComponent], minimum: Int? = nil
    ) -> Int? {
        guard let value else { return nil }
        guard let integer = value.intValue else {
            wrongType(path(), value, expected: "an integer")
            return nil
        }
        if let minimum, integer < minimum {
            error(
                path(), "\"\(path().pathDescription)\" must be at least \(minimum), not \(integer)",
                hint: "record a value of \(minimum) or more")
            return nil
        }
        return integer
    }

    /// A duration or a distance: a number that is not negative.
    mutating func nonNegativeNumber(_ value: JSONValue?, at path: @autoclosure () -> [JSONPathComponent]) -> Double? {
        guard let number = number(value, at: path()) else { return nil }
        if number < 0 {
            error(
                path(), "\"\(path().pathDescription)\" must not be negative, not \(number)",
                hint: "record 0 or more")
            return nil
        }
        return number
    }

    /// An array of an enumeration's raw values (a swipe's `direction`), each checked as `choice` checks one.
    mutating func choices<Choice: RawRepresentable & CaseIterable>(
        _ value: JSONValue?, at path: @autoclosure () -> [JSONPathComponent], _ type: Choice.Type
    ) -> [Choice]? where Choice.RawValue == String {
        guard let value else { return nil }
        guard case .array(let elements) = value else {
            wrongType(path(), value, expected: "an array of strings")
            return nil
        }
        let before = errorCount
        var result: [Choice] = []
        for (index, element) in elements.enumerated() {
            if let choice = choice(element, at: path() + [.index(index)], type) { result.append(choice) }
        }
        return errorCount == before ? result : nil
    }

    /// One of an enumeration's raw values; the message lists them all.
    mutating func choice<Choice: RawRepresentable & CaseIterable>(
        _ value: JSONValue?, at path: @autoclosure () -> [JSONPathComponent], _ type: Choice.Type
    ) -> Choice? where Choice.RawValue == String {
        guard let text = string(value, at: path()) else { return nil }
        if let choice = Choice(rawValue: text) { return choice }
        error(
            path(),
            "\"\(path().pathDescription)\" is \"\(text)\", which is not one of \(Choice.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))",
            hint: "use one of the values listed in docs/log-format.md")
        return nil
    }

    mutating func stringArray(_ value: JSONValue?, at path: @autoclosure () -> [JSONPathComponent]) -> [String]? {
        guard let value else { return nil }
        guard case .array(let elements) = value else {
            wrongType(path(), value, expected: "an array of strings")
            return nil
        }
        var result: [String] = []
        result.reserveCapacity(elements.count)
        let before = errorCount
        for (index, element) in elements.enumerated() {
            if let text = string(element, at: path() + [.index(index)]) { result.append(text) }
        }
        return errorCount == before ? result : nil
    }

    /// A table or collection view index path: `[section, item]`, two non-negative integers.
    mutating func indexPath(_ value: JSONValue?, at path: @autoclosure () -> [JSONPathComponent]) -> ListIndexPath? {
        guard let value else { return nil }
        guard case .array(let elements) = value, elements.count == 2 else {
            error(
                path(), "\"\(path().pathDescription)\" must be [section, item]",
                hint: "write the cell's IndexPath as two integers, e.g. [0, 2] for the third row of the first section")
            return nil
        }
        let before = errorCount
        let section = integer(elements[0], at: path() + [.index(0)], minimum: 0)
        let item = integer(elements[1], at: path() + [.index(1)], minimum: 0)
        guard errorCount == before, let section, let item else { return nil }
        return ListIndexPath(section, item)
    }

    /// A list of index paths (a list's `selectedIndexPaths`).
    mutating func indexPaths(_ value: JSONValue?, at path: @autoclosure () -> [JSONPathComponent]) -> [ListIndexPath]? {
        guard let value else { return nil }
        guard case .array(let elements) = value else {
            wrongType(path(), value, expected: "an array of [section, item] index paths")
            return nil
        }
        let before = errorCount
        let paths = elements.enumerated().compactMap { indexPath($0.element, at: path() + [.index($0.offset)]) }
        return errorCount == before ? paths : nil
    }

    /// `[x, y, w, h]` (or another fixed count) of numbers; sizes must not be negative.
    mutating func numbers(
        _ value: JSONValue?, at path: @autoclosure () -> [JSONPathComponent], count: Int, form: String,
        nullable: Bool = false, nonNegativeFrom: Int? = nil
    ) -> [Double]? {
        guard let value else { return nil }
        if nullable, value.isNull { return nil }
        guard case .array(let elements) = value, elements.count == count else {
            let path = path()
            error(
                path, "\"\(path.pathDescription)\" must be \(form)\(nullable ? " or null" : "")",
                hint:
                    "write \"\(path.pathDescription)\" as \(form), e.g. \(count == 4 ? "[0,0,320,44]" : "an array of \(count) numbers")"
            )
            return nil
        }
        var numbers: [Double] = []
        numbers.reserveCapacity(count)
        for (index, element) in elements.enumerated() {
            guard case .number(let number) = element else {
                wrongType(path() + [.index(index)], element, expected: "a number")
                continue
            }
            if let from = nonNegativeFrom, index >= from, number < 0 {
                error(
                    path() + [.index(index)],
                    "\"\(path().pathDescription)\" has a negative \(index == from ? "width" : "height") (\(JSONValue.number(number).serialized()))",
                    hint: "UIKit normalises rectangles to non-negative sizes; record the standardized frame")
            }
            numbers.append(number)
        }
        return numbers.count == count ? numbers : nil
    }

    /// `[x, y, width, height]`, sizes not negative.
    mutating func rect(
        _ value: JSONValue?, at path: @autoclosure () -> [JSONPathComponent], nullable: Bool = false
    ) -> Rect? {
        guard
            let n = numbers(
                value, at: path(), count: 4, form: "[x, y, width, height]", nullable: nullable, nonNegativeFrom: 2),
            n[2] >= 0, n[3] >= 0
        else { return nil }
        return Rect(n[0], n[1], n[2], n[3])
    }

    mutating func point(_ value: JSONValue?, at path: @autoclosure () -> [JSONPathComponent]) -> Point? {
        guard let n = numbers(value, at: path(), count: 2, form: "[x, y]") else { return nil }
        return Point(n[0], n[1])
    }

    mutating func transform(_ value: JSONValue?, at path: @autoclosure () -> [JSONPathComponent]) -> AffineTransform? {
        guard let n = numbers(value, at: path(), count: 6, form: "[a, b, c, d, tx, ty]") else { return nil }
        return AffineTransform(a: n[0], b: n[1], c: n[2], d: n[3], tx: n[4], ty: n[5])
    }

    /// An array of objects (controllers, plain objects, actions, recognizers), each read by `element` at its path:
    /// the elements it could read, or nil when `value` is not an array. A value that is not an array, and an element
    /// that is not an object, are errors saying so (`name` the member as the message calls it, `noun` one element,
    /// each with the hint that shows how to write it).
    mutating func objects<Element>(
        _ value: JSONValue, at path: [JSONPathComponent], array name: String, arrayHint: String, element noun: String,
        elementHint: String, _ element: (inout FieldReader, JSONObject, [JSONPathComponent]) -> Element?
    ) -> [Element]? {
        guard case .array(let items) = value else {
            error(path, "\"\(name)\" must be an array, not \(value.typeDescription)", hint: arrayHint)
            return nil
        }
        var elements: [Element] = []
        elements.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            let here = path + [.index(index)]
            guard case .object(let object) = item else {
                error(here, "\(noun) must be an object, not \(item.typeDescription)", hint: elementHint)
                continue
            }
            if let read = element(&self, object, here) { elements.append(read) }
        }
        return elements
    }
}
