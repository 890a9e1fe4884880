"""One module per `sgs` subcommand; each defines `add_parser(subparsers)`."""
