"""Issue 33: a record file whose name ends in ``.gz`` is written compressed with gzip, and any
record file, compressed or not (whatever its name), is read; every command works on either."""

from __future__ import annotations

import gzip
import io
import json
from pathlib import Path

from umpire import cli


def run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    code = cli.main(list(argv), out=out)
    return code, out.getvalue()


def orders(tmp_path: Path, text: str) -> str:
    path = tmp_path / "orders.txt"
    path.write_text(text)
    return str(path)


def test_a_gz_record_is_written_compressed_and_plays_and_replays(tmp_path: Path) -> None:
    packed, plain = tmp_path / "game.json.gz", tmp_path / "game.json"
    for path in (packed, plain):
        assert run("new", "pebbles", str(path), "--seed", "4", "--powers", "red,blue")[0] == 0
        for _ in range(2):
            assert run("orders", str(path), "RED", orders(tmp_path, "TAKE 2"))[0] == 0
            assert run("orders", str(path), "BLUE", orders(tmp_path, "TAKE 1"))[0] == 0
            assert run("process", str(path))[0] == 0
    assert packed.read_bytes()[:2] == b"\x1f\x8b"
    assert gzip.decompress(packed.read_bytes()) == plain.read_bytes()
    assert json.loads(plain.read_text())["schema"] == 1
    code, text = run("replay", str(packed))
    assert code == 0, text


def test_a_compressed_file_of_any_name_is_read(tmp_path: Path) -> None:
    plain = tmp_path / "game.json"
    assert run("new", "pebbles", str(plain), "--seed", "4", "--powers", "red,blue")[0] == 0
    renamed = tmp_path / "renamed.json"
    renamed.write_bytes(gzip.compress(plain.read_bytes()))
    assert run("replay", str(renamed)) == run("replay", str(plain))


def test_a_damaged_compressed_file_is_unusable_input(tmp_path: Path) -> None:
    packed = tmp_path / "game.json.gz"
    assert run("new", "pebbles", str(packed), "--seed", "4", "--powers", "red,blue")[0] == 0
    packed.write_bytes(packed.read_bytes()[:20])
    assert run("replay", str(packed))[0] == 2
