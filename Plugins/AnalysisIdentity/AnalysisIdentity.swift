import Foundation
import PackagePlugin

/// Generates the identity of the analysis a target computes: a hash of the source files of the target and of every
/// module it depends on (their relative paths and contents), written as `GeneratedAnalysisIdentity.sourceHash` into
/// the target's build. Applied to TouchlogReport, that is the rules, replay, the model and the format: everything
/// that decides a session's findings, and nothing else (not the store, the CLI or the recorder).
///
/// The files are found from the target's dependencies, not from a list of folders, so that a module added below the
/// report (or files moved between modules) is covered without touching this plugin. Only this package's targets are
/// read: the analysis depends on no other package's code; if it ever does, that package's resolved version belongs
/// in the identity too.
@main
struct AnalysisIdentity: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let ours = Set(context.package.targets.map(\.id))
        let modules = ([target] + target.recursiveTargetDependencies).filter { ours.contains($0.id) }
        let files = modules.compactMap(\.sourceModule).flatMap { module in
            module.sourceFiles.filter { $0.type == .source }.map(\.url)
        }
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("GeneratedAnalysisIdentity.swift")
        return [
            .buildCommand(
                displayName: "Hashing the analysis's \(files.count) source files for \(target.name)",
                executable: try context.tool(named: "touchlog-analysis-identity").url,
                arguments: [output.path, context.package.directoryURL.path] + files.map(\.path),
                inputFiles: files, outputFiles: [output])
        ]
    }
}
