"""The web interface through which people take the tests (``machinepsych serve``)."""
