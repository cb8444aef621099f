# bash completion for referee. Subcommands and options are read from the referee's own
# --help, so the completion never falls behind the command line.
_referee() {
    local cur prev words cword
    _init_completion 2>/dev/null || {
        cur=${COMP_WORDS[COMP_CWORD]}; prev=${COMP_WORDS[COMP_CWORD-1]}
        words=("${COMP_WORDS[@]}"); cword=$COMP_CWORD
    }
    local referee=${words[0]}
    if ((cword == 1)); then
        local subs
        subs=$("$referee" --help 2>/dev/null | awk '/^Subcommands:/{on=1; next} on && NF {print $1}')
        COMPREPLY=($(compgen -W "$subs --help --version" -- "$cur"))
        return
    fi
    local sub=${words[1]}
    case "$prev" in
        --variant|-v)
            COMPREPLY=($(compgen -W "$("$referee" variants 2>/dev/null | awk '{print $1}')" -- "$cur"))
            compgen -f -X '!*.yaml' -- "$cur" >/dev/null && COMPREPLY+=($(compgen -f -X '!*.yaml' -- "$cur"))
            return ;;
        --out|--output|--json|--data|--board|--config|-o)
            COMPREPLY=($(compgen -f -- "$cur")); return ;;
    esac
    if [[ $cur == -* ]]; then
        COMPREPLY=($(compgen -W "$("$referee" "$sub" --help 2>/dev/null | grep -oE -- '--[a-z][a-z0-9-]*' | sort -u)" -- "$cur"))
        return
    fi
    # The first positional of most subcommands is a variant; the rest are files.
    if ((cword == 2)) && [[ $sub =~ ^(perft|moves|play|match|variants)$ ]]; then
        COMPREPLY=($(compgen -W "$("$referee" variants 2>/dev/null | awk '{print $1}') show" -- "$cur"))
        return
    fi
    COMPREPLY=($(compgen -f -- "$cur"))
}
complete -o filenames -F _referee referee
