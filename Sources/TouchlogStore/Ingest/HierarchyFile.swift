import Foundation
import TouchlogFormat

/// The view-hierarchy dump given with `--hierarchy`, read and converted by the importer its content calls for.
enum HierarchyFile {
    enum Outcome {
        case records([Record])
        case failure(Diagnostic)
    }

    static func read(_ path: String) -> Outcome {
        // A dump is read whole, like any import, so it is held to the same limit before it is read.
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue ?? 0
        guard size <= Ingestor.maximumImportBytes else {
            return .failure(
                Diagnostic(
                    severity: .error, file: path, line: 0, column: 0,
                    message: "the hierarchy is larger than \(Ingestor.maximumImportBytes >> 20) MiB",
                    hint: "a hierarchy dump is normally kilobytes; check the file given to --hierarchy"))
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            return .failure(
                Diagnostic(
                    severity: .error, file: path, line: 0, column: 0,
                    message: "cannot read the hierarchy \"\(path)\"",
                    hint: "check the path given to --hierarchy and its permissions"))
        }
        let bytes = [UInt8](data)
        guard let format = ImportFormat.detect(bytes), format.touchStreamImporter == nil else {
            return .failure(
                Diagnostic(
                    severity: .error, file: path, line: 1, column: 1,
                    message: "\"\(path)\" is not a view-hierarchy dump touchlog imports",
                    hint:
                        "give --hierarchy a Sentry view-hierarchy.json, a recursiveDescription or an XCUITest debugDescription dump, not another touch stream"
                ))
        }
        do {
            return .records(try format.convert(bytes, sourceName: ""))
        } catch {
            return .failure(
                Diagnostic(
                    severity: .error, file: path, line: error.line, column: error.column ?? 0,
                    message: "not readable as \(format.displayName): \(error.reason)",
                    hint: error.hint ?? "check that this is the hierarchy captured with the touch stream"))
        }
    }
}
