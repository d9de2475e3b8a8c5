"""The JSON API (django-ninja; OpenAPI at ``/api/docs``): :mod:`.app` assembles it from one
router per resource; :mod:`.common` holds what the resources share."""
