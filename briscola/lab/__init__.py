"""The lab: many matches and what they measure (floor 7, beside the server and the client).

One module a command: ``arena`` (many matches between players on duplicate
deals), ``tournament`` (every pairing on the same deals, with ratings),
``bench`` (how fast the engine, the bots, the protocol and the server are),
``review`` (a record's moves valued by a long search) and ``replay`` (a
record told while the engine checks it).  Beside them what they share:
``runner`` (the arena's matches in worker processes), ``tally`` (their
statistics and the result table), ``results`` (the results.jsonl a run
keeps and resumes from), ``arena_dir`` (an arena run's directory: its
settings, checked when it is resumed), ``bots_file`` (``--bots``: a
league's players in one file), ``stats`` (intervals, pairs, ratings, LOS),
``sprt`` (the sequential test), ``positions`` (the position suite and its
long search), ``cluster`` (the deals on a Dask cluster, optional) and
``batch`` with ``batch_play`` (many rounds as NumPy arrays in lockstep, their
players, and the trainer's batched check; optional, with NumPy).
Nothing here is needed to play.
"""
