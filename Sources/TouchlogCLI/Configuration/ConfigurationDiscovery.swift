import Foundation

/// Which configuration file a report uses. `--config FILE` names it (that file and no other); `--no-config` uses
/// none, so that a CI job gives the same report whatever `.touchlog.yml` a checkout or a parent folder holds; else
/// the first `.touchlog.yml` found from the current folder up to the file system's root, as git and SwiftLint find
/// theirs, so a report run anywhere inside a project uses the project's file.
enum ConfigurationDiscovery {
    /// The file to read, or nil for none. `currentFolder` is where the walk starts.
    static func file(explicit: String?, ignoring: Bool, currentFolder: String) -> String? {
        if ignoring { return nil }
        if let explicit { return explicit }
        return find(from: currentFolder)
    }

    /// The first `.touchlog.yml` in `folder` or one of its parents, or nil. A folder of that name is no file and is
    /// passed over.
    static func find(from folder: String) -> String? {
        var url = URL(fileURLWithPath: folder, isDirectory: true).standardizedFileURL
        while true {
            let candidate = url.appendingPathComponent(ConfigurationFile.name)
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isFolder), !isFolder.boolValue {
                return candidate.path
            }
            let parent = url.deletingLastPathComponent().standardizedFileURL
            if parent.path == url.path { return nil }
            url = parent
        }
    }
}
