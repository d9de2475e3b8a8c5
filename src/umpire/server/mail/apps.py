from django.apps import AppConfig


class MailConfig(AppConfig):
    name = "umpire.server.mail"
    label = "umpire_mail"
    verbose_name = "Umpire by email"
    default_auto_field = "django.db.models.BigAutoField"
