from django.apps import AppConfig


class WebConfig(AppConfig):
    name = "umpire.server.web"
    label = "web"
    verbose_name = "Umpire pages"
