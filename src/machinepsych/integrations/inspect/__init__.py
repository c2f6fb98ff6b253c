"""machinepsych in inspect_ai (``pip install 'machinepsych[inspect]'``; docs/inspect.md).

* every catalog test is an inspect task: ``inspect eval machinepsych/wcst --model
  openai/gpt-4o -T preset=hard -T strategy=cot -T sessions=10 -T seed=3`` (:mod:`.task`:
  one sample per session, seeded as in our runs; :mod:`.solver` drives the environment turn by
  turn through our prompting strategies and parsers with inspect's model; :mod:`.scorer`
  reports the test's declared metrics with their scales);
* the built-in agents are inspect model providers: ``--model machinepsych/agent-wsls``
  (:mod:`.agents`);
* a stored run exports as an inspect log: ``machinepsych export RUN --format inspect --out
  run.eval`` (:mod:`.export`);
* the registry entry point (``[project.entry-points.inspect_ai]``) is :mod:`._registry`.

The ``inspect:`` participant (``--model inspect:openai/gpt-4o``: a machinepsych run through
inspect's providers) is :class:`machinepsych.models.inspect_model.InspectModel`.

Nothing here is imported unless asked for: importing a submodule imports inspect_ai.
"""
