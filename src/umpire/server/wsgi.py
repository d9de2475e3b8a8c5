import os

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "umpire.server.settings")
django.setup(set_prefix=False)

from umpire.server.handlers import Application  # noqa: E402  (needs the settings above)

application = Application()
