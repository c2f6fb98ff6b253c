"""Extra CLI commands. Each module here defines ``register(app: typer.Typer)``; the main CLI
imports every module of this package and calls it."""
