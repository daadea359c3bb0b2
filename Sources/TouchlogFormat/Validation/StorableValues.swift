/// Checks that a record built in memory (an importer's) holds only values its line can carry and the parser reads
/// back: strings without U+0000, non-empty ids and class names, finite numbers. A parsed record has passed these
/// checks as it was read (``FieldReader``, with the same messages); a typed one is never parsed, so without them a
/// value the store cannot hold, or a stored row the parser would refuse, could slip through.
///
/// Members the format does not define (a view's `imported` object, a `sent` record's Sentry breadcrumb) are kept as
/// written and never read, so they are not checked, as the parser does not check them.
enum StorableValues {
    /// The errors of `record`'s values, each at the path of its member; empty for a record the store can hold.
    static func issues(of record: Record) -> [RecordIssue] {
        var reader = FieldReader()
        switch record {
        case .snapshot(let snapshot):
            // The views and the snapshot's other objects typed, without writing the whole snapshot out as JSON.
            scan(.number(snapshot.t), at: ["t"], into: &reader)
            let hierarchy = snapshot.hierarchy
            for (index, window) in hierarchy.windows.enumerated() {
                views(window.view, at: ["windows", .index(index)], into: &reader)
            }
            for (index, view) in hierarchy.detachedViews.enumerated() {
                views(view, at: ["detachedViews", .index(index)], into: &reader)
            }
            for (index, controller) in hierarchy.controllers.enumerated() {
                identified(controller.json, at: ["controllers", .index(index)], into: &reader)
            }
            if let application = hierarchy.recordedApplication {
                scan(application.json, at: ["application"], into: &reader)
            }
            for (index, object) in hierarchy.objects.enumerated() {
                identified(object.json, at: ["objects", .index(index)], into: &reader)
            }
        case .insert(let insert):
            for member in record.jsonObject.members where member.key != "view" {
                scan(member.value, at: [.key(member.key)], into: &reader)
            }
            views(insert.view, at: ["view"], into: &reader)
        case .sent(let sent):
            let unknown = Set(sent.unknownMembers.map(\.key))
            for member in record.jsonObject.members where !unknown.contains(member.key) {
                scan(member.value, at: [.key(member.key)], into: &reader)
            }
        default:
            for member in record.jsonObject.members { scan(member.value, at: [.key(member.key)], into: &reader) }
        }
        return reader.issues
    }

    /// A controller or a plain object: a non-empty `id` and `class`, and its other members.
    private static func identified(_ value: JSONValue, at path: [JSONPathComponent], into reader: inout FieldReader) {
        for member in value.objectValue?.members ?? [] {
            if member.key == "id" || member.key == "class" {
                reader.nonEmptyString(member.value, at: path + [.key(member.key)])
            } else {
                scan(member.value, at: path + [.key(member.key)], into: &reader)
            }
        }
    }

    /// A view and its subtree, with an explicit stack (views nest as deep as the format allows).
    private static func views(_ root: ViewSpec, at rootPath: [JSONPathComponent], into reader: inout FieldReader) {
        var stack: [(view: ViewSpec, path: [JSONPathComponent])] = [(root, rootPath)]
        while let (view, path) = stack.popLast() {
            reader.nonEmptyString(.string(view.id), at: path + ["id"])
            reader.nonEmptyString(.string(view.className), at: path + ["class"])
            if let baseClass = view.baseClass { reader.string(.string(baseClass), at: path + ["baseClass"]) }
            if view.frame == nil, view.center == nil {
                reader.error(
                    path + ["frame"], "\"frame\" is null but \"center\" is missing",
                    hint: "a view with a non-identity transform needs \"center\" (and \"bounds\")")
            }
            for (field, value) in view.properties.recordedFields {
                scan(value.json, at: path + [.key(field.name)], into: &reader)
            }
            for (index, subview) in view.subviews.enumerated().reversed() {
                stack.append((subview, path + ["subviews", .index(index)]))
            }
        }
    }

    /// Every string and number in `value`, as the parser would read them.
    private static func scan(_ value: JSONValue, at path: [JSONPathComponent], into reader: inout FieldReader) {
        switch value {
        case .string:
            reader.string(value, at: path)
        case .number(let number) where !number.isFinite:
            reader.error(
                path, "\"\(path.pathDescription)\" is \(number), which JSON cannot write",
                hint: "this is a bug of touchlog's importer; please report it with the dump")
        case .array(let elements):
            for (index, element) in elements.enumerated() { scan(element, at: path + [.index(index)], into: &reader) }
        case .object(let object):
            for member in object.members { scan(member.value, at: path + [.key(member.key)], into: &reader) }
        default:
            break
        }
    }
}
