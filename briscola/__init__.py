"""briscola: the Italian card game, for people at a prompt, bots and LAN tables.

The package is built in floors; each imports only from its own floor or below
(``tests/test_layers.py`` holds it, and that no module imports itself back):

1. ``engine/``          the game and its records: cards, rules, events, game,
                        observation, records, replay (checking a record), deals,
                        jsonline; no words, no players, no clock.  ``text``: others'
                        text made safe to show
2. ``words/``           every sentence a person reads, one file per language (en,
                        de, it, es, pt): the screens', the lobby's, the rules as
                        text, a record told trick by trick
3. ``players``          the Player interface; ``signals``: stop signals caught, put back after
4. ``table``            the one match loop between Players
5. ``bots/``            built-in bots
6. ``protocol/``, ``spec``, ``options``, ``prompt/``, ``settings``
                        external programs and people as Players; player specs; the
                        options the commands share; the person's settings
7. ``lab/``, ``server/``, ``client/``
                        arrangements: many matches and what they measure (arena,
                        tournament, bench, review, replay); the LAN server; its client
8. ``cli``, ``__main__`` the ``briscola`` command: it gathers the subcommands each room
                        declares in its ``commands.py``
"""

__version__ = "0.1.0"

import os as _os

# One BLAS thread a process, before NumPy loads (a value already in the environment
# is kept): the network's products are small (a move's batch is hundreds of rows), and
# BLAS's own threads spin against each other and the arena's workers (the expert with
# network playouts on the loaded 2-core machine: p50 133 ms a move with OpenBLAS's
# threads, 38 ms with one; a forward pass of 256 positions in training 14 ms against
# 1.2 ms).  Here, so that every command (play, arena, bench, train) has it.
for _name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    _os.environ.setdefault(_name, "1")
