"""``python -m briscola`` is the ``briscola`` command."""

import sys

from .cli import main

sys.exit(main())
