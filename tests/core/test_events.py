from umpire.core.events import Audience, Event, visible_to


def test_audiences_admit_the_right_readers() -> None:
    events = [
        Event("a", Audience.public(), "everyone"),
        Event("b", Audience.powers("GER", "USSR"), "two"),
        Event("c", Audience.umpire(), "umpire only"),
    ]
    assert [e.kind for e in visible_to(events, "GER")] == ["a", "b"]
    assert [e.kind for e in visible_to(events, "FRA")] == ["a"]
    assert [e.kind for e in visible_to(events, None)] == ["a", "b", "c"]


def test_events_round_trip_through_json() -> None:
    e = Event("conflict", Audience.powers("USA", "GER"), "text", {"odds": "2-1"})
    assert Event.from_json(e.to_json()) == e
