# bash completion for clusterwright-cli.
# Subcommands, options, export formats, templates and calculators are read from the program's
# own --help and --list output, so the completion never drifts from the program.

_clusterwright_cli_words()
{
    # $1: the program, the rest: what to ask it. Prints nothing when the program fails.
    local program=$1
    shift
    "$program" "$@" 2>/dev/null
}

_clusterwright_cli()
{
    local cur prev program command i
    COMPREPLY=()
    cur=${COMP_WORDS[COMP_CWORD]}
    prev=${COMP_WORDS[COMP_CWORD - 1]}
    program=${COMP_WORDS[0]}

    # The subcommand is the first word after the global options (--catalog DIR takes a value).
    command=""
    for ((i = 1; i < COMP_CWORD; i++)); do
        case ${COMP_WORDS[i]} in
        --catalog) ((i++)) ;;
        -*) ;;
        *)
            command=${COMP_WORDS[i]}
            break
            ;;
        esac
    done

    case $prev in
    --catalog)
        COMPREPLY=($(compgen -d -- "$cur"))
        return 0
        ;;
    -o | --output | --out | --site | --ibnetdiscover | --lldp | --neighbours)
        COMPREPLY=($(compgen -f -- "$cur"))
        return 0
        ;;
    --format)
        if [ "$command" = export ]; then
            COMPREPLY=($(compgen -W "$(_clusterwright_cli_words "$program" export --list |
                awk '/^[a-z]/ { print $1 }')" -- "$cur"))
            return 0
        fi
        ;;
    --fail-on)
        COMPREPLY=($(compgen -W "error warning never" -- "$cur"))
        return 0
        ;;
    esac

    if [ -z "$command" ]; then
        if [[ $cur == -* ]]; then
            COMPREPLY=($(compgen -W "--catalog --version --help" -- "$cur"))
        else
            COMPREPLY=($(compgen -W "$(_clusterwright_cli_words "$program" --help |
                awk '/^Commands:/ { on = 1; next } /^$/ { on = 0 } on && /^  [a-z]/ { print $1 }')" \
                -- "$cur"))
        fi
        return 0
    fi

    if [[ $cur == -* ]]; then
        COMPREPLY=($(compgen -W "$(_clusterwright_cli_words "$program" "$command" --help |
            grep -oE -- '--[a-z][a-z0-9-]*' | sort -u)" -- "$cur"))
        return 0
    fi

    # The first word after generate and calc names a template or a calculator.
    if [ "$prev" = "$command" ]; then
        case $command in
        generate)
            COMPREPLY=($(compgen -W "$(_clusterwright_cli_words "$program" generate --list |
                awk -F: '/^[a-z0-9-]+:/ { print $1 }')" -- "$cur"))
            return 0
            ;;
        calc)
            COMPREPLY=($(compgen -W "$(_clusterwright_cli_words "$program" calc --list |
                awk '/^[a-z]/ { print $1 }')" -- "$cur"))
            return 0
            ;;
        esac
    fi

    # Anything else is a design file.
    COMPREPLY=($(compgen -f -X '!*.cluster.json' -- "$cur") $(compgen -d -- "$cur"))
    return 0
}

complete -o filenames -F _clusterwright_cli clusterwright-cli
