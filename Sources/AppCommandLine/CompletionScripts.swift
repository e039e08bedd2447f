import ArgumentParser
import Foundation

/// The parser's completion scripts, finished for an app whose default
/// command is `run`: at the root, an option is the default command's
/// (`standups --open <TAB>` completes like `standups run --open <TAB>`),
/// which the parser does not do for a default subcommand; bash offers
/// custom completions (routes into the user's data) as data.
public enum CompletionScripts {
  public static func finished(_ script: String, for shell: CompletionShell, command: String)
    -> String
  {
    switch shell {
    case .bash:
      bashJoiningBrokenWords(
        bashRoutesAsData(bashAtRoot(script, command: command), command: command),
        command: command)
    case .fish: fishAtRoot(script, command: command)
    case .zsh: zshAtRoot(script, command: command)
    default: script
    }
  }

  /// The shell a hidden `debug-completion-script --shell` names.
  static func shell(named name: String) throws -> CompletionShell {
    guard let shell = CompletionShell(rawValue: name) else {
      throw ValidationError("unknown shell '\(name)' (bash, zsh or fish)")
    }
    return shell
  }

  /// Bash: a first word at the root that is an option completes the whole
  /// line as `run`'s.
  static func bashAtRoot(_ script: String, command: String) -> String {
    delegatingToRun(
      script,
      before:
        "    __\(command)_offer_flags_options 0\n\n    # Offer subcommand / subcommand argument completions",
      when: #""${unparsed_words[0]}" == -* && "${unparsed_words[0]}" != @(-h|--help|--version)"#,
      command: command)
  }

  /// `script` with, before `marker`, a test of `condition` that hands the
  /// line to `_<command>_run`; as it is without the marker.
  static func delegatingToRun(
    _ script: String, before marker: String, when condition: String, command: String
  ) -> String {
    guard let range = script.range(of: marker) else { return script }
    let delegation = """
          # An option at the root is the default command's (run).
          if [[ \(condition) ]]; then
              _\(command)_run
              return
          fi

      """
    return script.replacingCharacters(in: range, with: delegation + marker)
  }

  /// Bash: the parser's script gives a custom completion's lines to
  /// `compgen -W`, which expands them: a data file's `$(…)` ran as a
  /// command at the first TAB, and quotes were dropped. What such a
  /// completion offers comes from the user's data, so it goes to
  /// `COMPREPLY` as it is (not as file names: bash would show only their
  /// last part), already quoted by the program for the part of the word
  /// readline replaces (its `text`, passed in `$<COMMAND>_COMPLETION_TEXT`).
  /// Bash breaks words at `=` and `:` (`/?delete=C` is three), which the
  /// parser's script cannot follow: the entry function joins them again
  /// (and takes `--option=` apart) before the parser's logic runs.
  static func bashRoutesAsData(_ script: String, command: String) -> String {
    let call = #"__\#(command)_add_completions -W "$(__\#(command)_custom_complete "#
    let variable = "\(command.uppercased())_COMPLETION_TEXT"
    let definition = #"""
      __\#(command)_add_route_completions() {
          compopt +o filenames 2>/dev/null
          # Quoted by the program for readline's part of the word already.
          __\#(command)_quoted_for_readline=1
          local completion
          while IFS='' read -r completion; do
              [[ -n "${completion}" ]] && COMPREPLY+=("${completion}")
          done < <(\#(variable)="${__\#(command)_text-${cur}}" __\#(command)_custom_complete "${@}")
      }

      """#
    var lines = script.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var changed = false
    for index in lines.indices {
      guard let range = lines[index].range(of: call), lines[index].hasSuffix(#")""#) else {
        continue
      }
      let arguments = lines[index][range.upperBound...].dropLast(2)
      lines[index].replaceSubrange(
        range.lowerBound..<lines[index].endIndex,
        with: "__\(command)_add_route_completions " + arguments)
      changed = true
    }
    guard changed, let entry = lines.firstIndex(of: "_\(command)() {") else { return script }
    lines.insert(contentsOf: Self.lines(of: definition), at: entry)
    return lines.joined(separator: "\n")
  }

  /// The lines of a block of script ending with a line break.
  private static func lines(of block: String) -> [String] {
    block.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).dropLast()
  }

  /// Bash breaks words at `=` and `:` (`/?delete=C` is three, `--data=f`
  /// two), which the parser's script cannot follow. Its entry function is
  /// wrapped: the wrapper joins the word again (and takes `--option=`
  /// apart) before the parser's logic runs, keeping readline's part of the
  /// word (`$2`: what the program's own quoting is for), and afterwards cuts
  /// what readline keeps off the front of whole-word completions (file
  /// names), as bash-completion's `__ltrim_colon_completions` does.
  static func bashJoiningBrokenWords(_ script: String, command: String) -> String {
    let wrapper = #"""
      # The word being completed, joined again where bash broke it at `=` or
      # `:` (runs of them: `::`); `--option=value` as the option, then its
      # value. False when the word is whole.
      __\#(command)_join_broken_word() {
          local -i first="${COMP_CWORD}"
          local word="${COMP_WORDS[COMP_CWORD]}"
          local -r line="${COMP_LINE:0:COMP_POINT}" breaks='^[=:]+$'
          while (( first >= 2 )) && [[ "${COMP_WORDS[first]}" =~ ${breaks} || "${COMP_WORDS[first-1]}" =~ ${breaks} ]]; do
              [[ "${COMP_WORDS[first-1]}" != -* ]] || break
              [[ "${line}" == *"${COMP_WORDS[first-1]}${word}" ]] || break
              word="${COMP_WORDS[first-1]}${word}"
              first=first-1
          done
          if [[ "${word}" == =* && "${COMP_WORDS[first-1]}" == --* && "${line}" == *"${COMP_WORDS[first-1]}${word}" ]]; then
              word="${word:1}"
          fi
          (( first < COMP_CWORD )) || [[ "${word}" != "${COMP_WORDS[COMP_CWORD]}" ]] || return
          COMP_WORDS=("${COMP_WORDS[@]::first}" "${word}" "${COMP_WORDS[@]:COMP_CWORD+1}")
          COMP_CWORD="${first}"
      }

      _\#(command)() {
          # Readline replaces only its part of the word (`text`).
          local __\#(command)_text="${2}" head=''
          local -i __\#(command)_quoted_for_readline=0
          if __\#(command)_join_broken_word; then
              head="${COMP_WORDS[COMP_CWORD]%"${2}"}"
              set -- "${1}" "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
          fi
          __\#(command)_complete "${@}"
          # Whole words (file names) lose what readline keeps before its text.
          if [[ -n "${head}" ]] && (( ! __\#(command)_quoted_for_readline )); then
              local -i i
              for i in "${!COMPREPLY[@]}"; do
                  COMPREPLY[i]="${COMPREPLY[i]#"${head}"}"
              done
          fi
      }


      """#
    var lines = script.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard let entry = lines.firstIndex(of: "_\(command)() {"),
      let registration = lines.lastIndex(where: {
        $0.hasPrefix("complete ") && $0.hasSuffix(" -F _\(command) \(command)")
      })
    else { return script }
    lines.insert(contentsOf: Self.lines(of: wrapper), at: registration)
    lines[entry] = "__\(command)_complete() {"
    return lines.joined(separator: "\n")
  }

  /// Fish: the root parses `run`'s options, and offers them (the completions
  /// written for `<command> run`, again for `<command>`).
  static func fishAtRoot(_ script: String, command: String) -> String {
    var lines = script.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let parse = "__\(command)_parse_subcommand 0 "
    guard let runCase = lines.firstIndex(where: { $0.hasSuffix("case 'run'") }),
      runCase + 1 < lines.count, lines[runCase + 1].contains(parse),
      let root = lines.firstIndex(where: { $0.hasSuffix(parse + "'version' 'h/help'") })
    else { return script }
    let indent = String(lines[root].prefix { $0 == " " })
    lines[root] = indent + lines[runCase + 1].trimmingCharacters(in: .whitespaces)
    let runLines = lines.filter {
      $0.hasPrefix(
        "complete -c '\(command)' -n '__\(command)_should_offer_completions_for_flags_or_options \"\(command) run\""
      )
    }
    lines += runLines.map {
      $0.replacingOccurrences(
        of: "for_flags_or_options \"\(command) run\"", with: "for_flags_or_options \"\(command)\"")
    }
    return lines.joined(separator: "\n")
  }

  /// Zsh: a first word that is an option makes the line `run`'s.
  static func zshAtRoot(_ script: String, command: String) -> String {
    delegatingToRun(
      script,
      before:
        "    local -i ret=1\n    local -ar arg_specs=(\n        '--version[Show the version.]'",
      when: #""${words[2]}" == -* && "${words[2]}" != (-h|--help|--version)"#, command: command)
  }
}

/// The hidden `debug-completion-script --shell <shell>` of the app whose
/// root command is `Root`: the finished script; `make install` writes it.
public struct CompletionScriptCommand<Root: ParsableCommand>: ParsableCommand {
  public static var configuration: CommandConfiguration {
    CommandConfiguration(commandName: "debug-completion-script", shouldDisplay: false)
  }

  @Option(name: .long, help: "bash, zsh or fish.")
  var shell: String

  public init() {}

  public func run() throws {
    printOrExit(
      Self.script(for: try CompletionScripts.shell(named: shell)), what: "the completion script",
      program: Root._commandName)
  }

  public static func script(for shell: CompletionShell) -> String {
    CompletionScripts.finished(
      Root.completionScript(for: shell), for: shell,
      command: Root.configuration.commandName ?? "")
  }
}

extension ParsableCommand {
  /// The parser's own `--generate-completion-script [shell]` would print the
  /// script as the parser writes it, without what `debug-completion-script`
  /// adds (options at the root completing as `run`'s, routes quoted): both
  /// print the finished one, and the program then ends.
  public static func answerCompletionScriptRequest(
    in arguments: [String] = Array(CommandLine.arguments.dropFirst())
  ) {
    let flag = "--generate-completion-script"
    let name: String?
    if arguments == [flag] {
      name = CompletionShell.autodetected()?.rawValue
    } else if arguments.count == 2, arguments[0] == flag {
      name = arguments[1]
    } else if arguments.count == 1, arguments[0].hasPrefix(flag + "=") {
      name = String(arguments[0].dropFirst(flag.count + 1))
    } else {
      return
    }
    // An unknown shell is the parser's to refuse, as it words it.
    guard let name, let shell = CompletionShell(rawValue: name) else { return }
    printOrExit(
      CompletionScriptCommand<Self>.script(for: shell), what: "the completion script",
      program: _commandName)
    Foundation.exit(0)
  }
}
