from tests.maps.geometry import share_border

SQUARE = "M0,0L10,0L10,10L0,10Z"


def test_squares_side_by_side_share_a_border() -> None:
    assert share_border(SQUARE, "M10,0L20,0L20,10L10,10Z")


def test_squares_apart_or_at_a_corner_do_not() -> None:
    assert not share_border(SQUARE, "M30,0L40,0L40,10L30,10Z")
    assert not share_border(SQUARE, "M10,10L20,10L20,20L10,20Z")
