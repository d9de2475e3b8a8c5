"""``python -m umpire.cli``: the ``umpire`` command."""

import sys

from umpire.cli import main

sys.exit(main())
