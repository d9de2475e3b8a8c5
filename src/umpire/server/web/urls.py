from django.urls import path

from umpire.server.web import account, actions, create, gm, howto, live, press, preview, views

app_name = "web"

urlpatterns = [
    path("", views.index, name="index"),
    path("games/", views.my_games, name="my_games"),
    path("lobby/", views.lobby, name="lobby"),
    path("games/new/", create.new_game, name="new_game"),
    path("rules/", howto.index, name="rules_index"),
    path("rules/<str:game>/", howto.rules, name="rules"),
    path("rules/<str:game>/<str:scenario>/", howto.rules, name="rules_scenario"),
    path("games/<int:game_id>/", views.game_page, name="game"),
    path("games/<int:game_id>/version/", live.version, name="version"),
    path("games/version/", live.my_versions, name="my_versions"),
    path("games/<int:game_id>/join/", views.join, name="join"),
    path("games/<int:game_id>/turn/<int:turn>/", views.turn_page, name="turn"),
    path("games/<int:game_id>/watch/", views.watch, name="watch"),
    path("games/<int:game_id>/watch/<int:turn>/", views.watch, name="watch_turn"),
    path("games/<int:game_id>/orders/", actions.orders, name="orders"),
    path("games/<int:game_id>/steps/", views.order_steps, name="steps"),
    path("games/<int:game_id>/preview/", preview.preview, name="preview"),
    path("games/<int:game_id>/options/", views.order_list, name="options"),
    path("games/<int:game_id>/map/<slug:region>/", views.map_region, name="map_region"),
    path("games/<int:game_id>/ready/", actions.ready, name="ready"),
    path("games/<int:game_id>/vote/", actions.vote, name="vote"),
    path("games/<int:game_id>/press/", press.press_page, name="press"),
    path("account/", account.account_page, name="account"),
    path("account/tokens/", account.new_token, name="new_token"),
    path("account/maps/", account.mail_maps, name="mail_maps"),
    path("account/tokens/<int:token_id>/revoke/", account.revoke_token, name="revoke_token"),
    path("account/games/<int:game_id>/code/", account.new_code, name="new_code"),
    path("gm/", gm.console, name="gm"),
    path("gm/<int:game_id>/", gm.gm_game, name="gm_game"),
    path("gm/<int:game_id>/<str:action>/", gm.gm_action, name="gm_action"),
]
