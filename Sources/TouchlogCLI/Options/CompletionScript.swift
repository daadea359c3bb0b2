import ArgumentParser
import Foundation

/// The shell completion script `touchlog --generate-completion-script SHELL` prints: ArgumentParser's, with what
/// its bash script does not complete at the root added (issue 27, item 19). ArgumentParser handles
/// `--generate-completion-script` and `help` itself and does not list them among the root's arguments, so its bash
/// script offered subcommands after `--generate-completion-script` and nothing after `help`.
enum CompletionScript {
    /// The shell `arguments` ask a script for (`--generate-completion-script bash`, or `=bash`); nil when they ask
    /// for none, or name a shell ArgumentParser does not know (its own error then says which it knows).
    static func requestedShell(in arguments: [String]) -> CompletionShell? {
        let option = "--generate-completion-script"
        guard let first = arguments.first else { return nil }
        if first == option, arguments.count == 2 { return CompletionShell(rawValue: arguments[1]) }
        if first.hasPrefix(option + "="), arguments.count == 1 {
            return CompletionShell(rawValue: String(first.dropFirst(option.count + 1)))
        }
        return nil
    }

    /// The script for `shell`.
    static func script(for shell: CompletionShell) -> String {
        let script = TouchlogCommand.completionScript(for: shell)
        return shell == .bash ? bash(script) : script
    }

    /// The word in ArgumentParser's root bash function after which the root's own completion begins: what is
    /// added goes just before it, where `cur`, `prev` and `COMP_WORDS` are set.
    static let bashAnchor = "    local -a unparsed_words=(\"${COMP_WORDS[@]:1:${COMP_CWORD}}\")\n"

    /// ArgumentParser's bash script with the root's missing cases: the shells after `--generate-completion-script`,
    /// the subcommands after `help`. Unchanged when the anchor is not there (a newer ArgumentParser): the
    /// completion tests then fail, rather than the script breaking.
    static func bash(_ script: String) -> String {
        guard let anchor = script.range(of: bashAnchor) else { return script }
        let shells = CompletionShell.allCases.map(\.rawValue).joined(separator: " ")
        let subcommands = TouchlogCommand.configuration.subcommands.filter { $0.configuration.shouldDisplay }
            .map { $0._commandName }.joined(separator: " ")
        let added = """
                # touchlog: what ArgumentParser's script leaves out at the root.
                if [[ "${COMP_CWORD}" -eq 2 ]]; then
                    case "${COMP_WORDS[1]}" in
                    --generate-completion-script)
                        COMPREPLY=($(compgen -W '\(shells)' -- "${cur}"))
                        return
                        ;;
                    help)
                        COMPREPLY=($(compgen -W '\(subcommands)' -- "${cur}"))
                        return
                        ;;
                    esac
                fi

            """
        return script.replacingCharacters(in: anchor.lowerBound..<anchor.lowerBound, with: added)
    }
}
