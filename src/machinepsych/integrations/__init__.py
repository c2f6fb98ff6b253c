"""Bridges to other evaluation frameworks. Each sits above the runner and the participants
(like the CLI), imports its framework only when used, and is installed as an extra
(``pip install 'machinepsych[inspect]'``)."""
