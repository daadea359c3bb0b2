import ResponderCore

/// `explain --format json`, and the replayed state of `show --at T --format json`: the facts the text prints, for
/// tools (the shapes are documented in each command's `--help`). Views are named by their recorded id, with their
/// class, accessibility identifier and label and the name the text prints; frames and points are on screen.
extension ReplayedMoment {
    /// {"t", "replayedThroughLine", "hierarchy", "firstResponder", "keyboard"}.
    public var json: JSONValue { Self.object(jsonMembers) }

    var jsonMembers: [(String, JSONValue)] {
        let hierarchy = views.map { v in
            Self.object(
                viewMembers(v.ref) + [
                    ("depth", .number(Double(v.depth))), ("frame", v.screenFrame.map(Self.rect) ?? .null),
                    ("flags", .array(v.flags.map(JSONValue.string))),
                ])
        }
        return [
            ("t", .number(t)), ("replayedThroughLine", .number(Double(throughLine))), ("hierarchy", .array(hierarchy)),
            ("firstResponder", model.firstResponder.map { Self.object(viewMembers($0)) } ?? .null),
            (
                "keyboard",
                Self.object([
                    ("visible", .bool(model.keyboardVisible)),
                    ("frame", model.keyboardVisible ? model.keyboardFrame.map(Self.rect) ?? .null : .null),
                ])
            ),
        ]
    }

    /// A view's "id", "class", "accessibilityIdentifier", "accessibilityLabel" and "name".
    func viewMembers(_ ref: ObjectRef) -> [(String, JSONValue)] {
        let identity = model.identity(ref)
        return [
            ("id", .string(model.id(of: ref))), ("class", .string(identity?.className ?? "")),
            ("accessibilityIdentifier", identity?.accessibilityIdentifier.map(JSONValue.string) ?? .null),
            ("accessibilityLabel", identity?.accessibilityLabel.map(JSONValue.string) ?? .null),
            ("name", .string(model.label(ref))),
        ]
    }

    static func object(_ members: [(String, JSONValue)]) -> JSONValue {
        .object(JSONObject(members.map { JSONObject.Member(key: $0.0, value: $0.1) }))
    }

    /// A singular transform leaves a point undefined (NaN), which JSON cannot hold: null.
    static func point(_ p: Point) -> JSONValue {
        p.x.isFinite && p.y.isFinite ? object([("x", .number(p.x)), ("y", .number(p.y))]) : .null
    }

    static func rect(_ r: Rect) -> JSONValue {
        object([("x", .number(r.x)), ("y", .number(r.y)), ("width", .number(r.width)), ("height", .number(r.height))])
    }
}

extension SessionExplanation {
    public var json: JSONValue {
        let model = moment.model
        let visits = hitTest.visits.map { visit -> JSONValue in
            var members: [(String, JSONValue)] = moment.viewMembers(visit.view)
            members.append(("depth", JSONValue.number(Double(visit.depth))))
            members.append(("point", ReplayedMoment.point(visit.point)))
            switch visit.verdict {
            case .hit: members.append(("verdict", "hit"))
            case .searchedSubviews: members.append(("verdict", "searchedSubviews"))
            case .passed(let reason):
                members += [
                    ("verdict", "passed"), ("reason", .string(reason.rawValue)), ("why", .string(reason.phrase)),
                ]
            case .behindSibling(let sibling):
                members += [("verdict", "notAsked"), ("inFront", .string(model.id(of: sibling)))]
            }
            return ReplayedMoment.object(members)
        }
        let chain = hitTest.hitView.map { model.responderChain(from: $0).map { JSONValue.string(model.id(of: $0)) } }
        let hitTestMembers: [(String, JSONValue)] = [
            ("point", ReplayedMoment.point(point)), ("visits", .array(visits)),
            ("hitView", hitTest.hitView.map { ReplayedMoment.object(moment.viewMembers($0)) } ?? .null),
            ("responderChain", .array(chain ?? [])),
        ]
        return ReplayedMoment.object(
            [("session", .string(moment.session))] + moment.jsonMembers
                + [("hitTest", ReplayedMoment.object(hitTestMembers))])
    }
}
