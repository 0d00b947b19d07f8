"""briscola: the Italian card game, for people at a prompt, bots and LAN tables.

The package is built in floors; each imports only from the floors below it:

1. ``cards``, ``jsonline``
                        the pack, text form, strength, points, names; others' JSON
                        read safely
2. ``rules``            table settings (seats, pack, teams, variant, target)
3. ``events``, ``game``, ``observation``
                        the engine: state, legal actions, events, a seat's view
4. ``players``, ``records``, ``replay``, ``words/``
                        the Player interface; JSON-lines records and their check;
                        every sentence in every language, a record told in words,
                        others' text made safe to show
5. ``bots/``, ``table`` built-in bots; the one match loop between Players
6. ``protocol/``, ``prompt/``, ``spec``, ``settings``
                        external programs and people as Players; player specs;
                        the person's settings (config.toml, the locale)
7. ``arena``, ``tournament``, ``stats``, ``sprt``, ``deals``, ``cluster``, ``bench``,
   ``server/``, ``client/``
                        arrangements: many matches and their statistics, tournaments,
                        a Dask cluster (optional),
                        the benchmarks, the LAN server and its client
8. ``cli``              the ``briscola`` command
"""

__version__ = "0.1.0"
