"""The engine: the game and its records (floor 1).  No words, no players, no
clock, no I/O but the record's own file.

In the order they build on each other: ``text`` (someone else's text made
safe to show: the checker quotes records with it), ``cards`` (the pack: text form,
strength and points, the faces' names and letters), ``jsonline`` (one line
of someone else's JSON, read safely), ``deals`` (files of deal seeds),
``rules`` (a table's settings), ``events`` (what happens, as small frozen
values, and who may see it), ``game`` (``Round`` and ``Match``: legal
actions, the events each action produces), ``observation`` (what one seat
may see, and a full state consistent with it), ``records`` (a match written
as JSON lines while it happens) and ``replay`` (a record checked line by line
through the engine; where an unfinished one goes on).  Each imports only
those before it.
"""
