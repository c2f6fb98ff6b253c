import machinepsych.tasks.visual  # noqa: F401  (registers the visual tests)
