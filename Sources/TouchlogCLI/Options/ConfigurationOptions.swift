import ArgumentParser
import Foundation

/// `--config FILE` and `--no-config`, shared by report and worker: both analyse with the same configuration, found
/// the same way, so that a worker's stored results are the ones report would compute.
public struct ConfigurationOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Read this configuration file (and no other) instead of the .touchlog.yml found from the current folder up.",
            valueName: "file"), completion: .file(extensions: ["yml", "yaml"]))
    public var config: String?

    @Flag(help: "Read no configuration file: the defaults and the command's options only (reproducible in CI).")
    public var noConfig = false

    public init() {}

    /// Whether either option was given.
    var isGiven: Bool { config != nil || noConfig }

    public func validate() throws {
        if config != nil, noConfig { throw ValidationError("Use just one of --config or --no-config.") }
    }

    /// The configuration file in force: `--config`'s, none with `--no-config`, else the `.touchlog.yml` found from
    /// the current folder up.
    func file() -> String? {
        ConfigurationDiscovery.file(
            explicit: config, ignoring: noConfig, currentFolder: FileManager.default.currentDirectoryPath)
    }
}
