import Foundation
import Testing
import TouchlogFormat
import TouchlogReplay
import TouchlogReport

/// The JSON report's schema in docs/report.md is checked against real output, so the documentation cannot drift.
@Suite struct ReportJSONSchemaTests {
    static func documentedSchema() throws -> JSONValue {
        let text = try String(contentsOf: packageRoot.appendingPathComponent("docs/report.md"), encoding: .utf8)
        guard let begin = text.range(of: "<!-- report-schema:begin -->\n```json\n"),
            let end = text.range(of: "```\n<!-- report-schema:end -->")
        else {
            throw SchemaError(message: "docs/report.md has no report-schema block")
        }
        return try JSONReader.parse(String(text[begin.upperBound..<end.lowerBound]))
    }

    @Test func goldenReportMatchesTheDocumentedSchema() throws {
        let schema = try Self.documentedSchema()
        let report = try JSONReader.parse(
            ReportFormat.json.render(ReportFixture.report(failOn: .error, unanalysed: ReportFixture.unanalysed)))
        #expect(SchemaCheck(root: schema).problems(report) == [])
        #expect(report["unanalysed"]?.arrayValue?.count == 1)
    }

    /// The kinds the schema lists are replay's, all of them: a new kind of replay error breaks this test, not a
    /// tool reading the report.
    @Test func theDocumentedKindsOfAnUnanalysedSessionAreReplaysErrorKinds() throws {
        let schema = try Self.documentedSchema()
        let kinds = schema["properties"]?["unanalysed"]?["items"]?["properties"]?["kind"]?["enum"]?.arrayValue
        #expect(kinds?.compactMap(\.stringValue) == ReplayError.Kind.allCases.map(\.rawValue))
    }

    @Test func reportWithNullsAndNoProblemsMatchesToo() throws {
        let schema = try Self.documentedSchema()
        let bare = Report(
            findings: [], sessions: [SessionRef(id: "only-an-id")], rules: [], options: ReportOptions(toolVersion: "x"))
        #expect(SchemaCheck(root: schema).problems(try JSONReader.parse(ReportFormat.json.render(bare))) == [])
    }

    @Test func theCheckerCatchesAnUndocumentedMember() throws {
        let schema = try Self.documentedSchema()
        guard case .object(var report) = try JSONReader.parse(ReportFormat.json.render(ReportFixture.report())) else {
            Issue.record("not an object")
            return
        }
        report["surprise"] = true
        report["version"] = "1"
        #expect(
            SchemaCheck(root: schema).problems(.object(report)) == [
                "$.version: expected integer", "$: unexpected member \"surprise\"",
            ])
    }
}

struct SchemaError: Error {
    var message: String
}

/// The subset of JSON Schema docs/report.md uses: type, enum, required, properties, additionalProperties false,
/// items, minItems, maxItems, oneOf, $ref to #/definitions.
struct SchemaCheck {
    let root: JSONValue

    func problems(_ value: JSONValue) -> [String] {
        var out: [String] = []
        check(value, against: root, at: "$", into: &out)
        return out
    }

    private func resolve(_ schema: JSONValue) -> JSONValue {
        guard let ref = schema["$ref"]?.stringValue, ref.hasPrefix("#/definitions/") else { return schema }
        return root["definitions"]?[String(ref.dropFirst("#/definitions/".count))] ?? .null
    }

    private func matches(_ value: JSONValue, type: String) -> Bool {
        switch (type, value) {
        case ("null", .null), ("boolean", .bool), ("string", .string), ("array", .array), ("object", .object),
            ("number", .number):
            return true
        case ("integer", .number): return value.intValue != nil
        default: return false
        }
    }

    private func check(_ value: JSONValue, against raw: JSONValue, at path: String, into out: inout [String]) {
        let schema = resolve(raw)
        if let options = schema["oneOf"]?.arrayValue {
            let passing = options.filter { option in
                var scratch: [String] = []
                check(value, against: option, at: path, into: &scratch)
                return scratch.isEmpty
            }
            if passing.count != 1 { out.append("\(path): matches \(passing.count) of oneOf") }
            return
        }
        if let type = schema["type"] {
            let types = type.arrayValue?.compactMap(\.stringValue) ?? [type.stringValue ?? ""]
            guard types.contains(where: { matches(value, type: $0) }) else {
                out.append("\(path): expected \(types.joined(separator: " or "))")
                return
            }
        }
        if let allowed = schema["enum"]?.arrayValue, !allowed.contains(value) {
            out.append("\(path): \(value.serialized()) is not one of \(JSONValue.array(allowed).serialized())")
        }
        switch value {
        case .object(let object):
            let properties = schema["properties"]?.objectValue ?? [:]
            for name in schema["required"]?.arrayValue?.compactMap(\.stringValue) ?? [] where object[name] == nil {
                out.append("\(path): missing \"\(name)\"")
            }
            for member in object.members {
                if let memberSchema = properties[member.key] {
                    check(member.value, against: memberSchema, at: "\(path).\(member.key)", into: &out)
                } else if schema["additionalProperties"] == .bool(false) {
                    out.append("\(path): unexpected member \"\(member.key)\"")
                }
            }
        case .array(let elements):
            if let min = schema["minItems"]?.intValue, elements.count < min {
                out.append("\(path): fewer than \(min) items")
            }
            if let max = schema["maxItems"]?.intValue, elements.count > max {
                out.append("\(path): more than \(max) items")
            }
            if let items = schema["items"] {
                for (index, element) in elements.enumerated() {
                    check(element, against: items, at: "\(path)[\(index)]", into: &out)
                }
            }
        default:
            break
        }
    }
}
