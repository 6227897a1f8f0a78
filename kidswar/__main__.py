"""`python -m kidswar` runs the `kidswar` command."""

from kidswar.cli import main

main()
