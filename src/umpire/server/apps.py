from django.apps import AppConfig


class ServerConfig(AppConfig):
    name = "umpire.server"
    label = "umpire"
    verbose_name = "Umpire"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from umpire.server import accounts

        accounts.connect()
