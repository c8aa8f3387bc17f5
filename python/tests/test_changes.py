"""Changes through the Python package (Docs/LiveScenes.md), rule by rule, and random changes
against a fresh engine of the layout that an independent model (plain dicts, here) makes."""
import json
import random
import threading
from pathlib import Path

import pytest

import alphahit
from conftest import ROOT, sample

DIAMONDS = Path(sample("diamonds"))


def diamonds():
    return json.loads(DIAMONDS.read_text())


def test_set_frame_moves_an_element_and_keeps_its_index():
    engine = alphahit.Engine(sample("diamonds"))
    west = engine.index("west")
    engine.set_frame("west", 1000, 30, 100, 100)
    assert engine.hit(50, 80) is None
    engine.set_frame("west", 0, 30, 100, 100)
    assert engine.hit(50, 80) == "west" and engine.index("west") == west


def test_add_remove_move_follow_the_positions_and_indices_are_never_reused():
    engine = alphahit.Engine(sample("diamonds"))
    box = {"id": "n", "frame": {"x": 0, "y": 0, "width": 20, "height": 20}}
    engine.add(box)
    assert engine.hit(5, 5) == "n" and engine.index("n") == 4 and engine.ids[-1] == "n"
    engine.remove("n")
    assert engine.hit(5, 5) is None and len(engine) == 4
    engine.add(box, index=0)
    assert engine.index("n") == 5 and engine.ids == ["n", "west", "east", "north", "south"]
    assert engine.indices == [5, 0, 1, 2, 3]
    engine.move("n", parent="west", index=0)
    assert engine.ids == ["west", "n", "east", "north", "south"]
    # In west's space now: west's frame starts at (0, 30).
    assert engine.hit(5, 35) == "n" and engine.hit(5, 5) is None
    engine.move("n", parent=None)
    assert engine.ids[-1] == "n"
    with pytest.raises(alphahit.InvalidArgument):
        engine.id(4)


def test_update_sets_and_clears_keys():
    engine = alphahit.Engine(sample("diamonds"))
    engine.update({"set": "west", "hidden": True})
    assert engine.hit(50, 80) is None
    engine.update({"set": "west", "hidden": None})
    assert engine.hit(50, 80) == "west"
    engine.set_hidden("west", True)
    assert engine.hit(50, 80) is None
    engine.set_hidden("west", False)
    engine.set_transform("west", (1, 0, 0, 1, 500, 0))
    assert engine.hit(50, 80) is None
    engine.set_transform("west", None)
    assert engine.hit(50, 80) == "west"
    engine.update({"set": "west", "states": {"on": "diamond.png"}})
    engine.set_state("west", "on")
    assert engine.hit(50, 80) == "west"


def test_a_refused_change_changes_nothing_and_says_why():
    engine = alphahit.Engine(sample("diamonds"))
    with pytest.raises(alphahit.NotFound, match="nope"):
        engine.set_frame("nope", 0, 0, 1, 1)
    with pytest.raises(alphahit.LayoutError, match=r"elements\[0\]\.frame\.width"):
        engine.set_frame("west", 0, 30, -1, 100)
    with pytest.raises(alphahit.InvalidArgument, match="beyond"):
        engine.move("west", index=9)
    with pytest.raises(alphahit.InvalidArgument):
        engine.change('{"set": ')
    with pytest.raises(alphahit.InvalidArgument, match="not a change"):
        engine.change({"query": [[1, 2]]})
    with pytest.raises(alphahit.DecodeError):
        engine.update({"set": "west", "image": "missing.png"})
    with pytest.raises(TypeError):
        engine.set_hidden("west", 1)
    assert engine.hit(50, 80) == "west" and engine.ids == ["west", "east", "north", "south"]


def test_a_snapshot_stays_as_it_was_and_cannot_change():
    engine = alphahit.Engine(sample("diamonds"))
    snapshot = engine.snapshot()
    engine.remove("west")
    assert snapshot.hit(50, 80) == "west" and engine.hit(50, 80) is None
    with pytest.raises(alphahit.InvalidArgument, match="snapshot"):
        snapshot.set_hidden("east", True)


def test_threads_query_while_one_changes():
    engine = alphahit.Engine(sample("diamonds"))
    done, wrong, reads = threading.Event(), [], [0]

    def read():
        while not done.is_set() or reads[0] == 0:
            if engine.hit(50, 80) not in ("west", None):
                wrong.append(1)
            reads[0] += 1

    readers = [threading.Thread(target=read) for _ in range(2)]
    for reader in readers:
        reader.start()
    for round in range(100):
        engine.set_frame("west", 1000 if round % 2 else 0, 30, 100, 100)
    done.set()
    for reader in readers:
        reader.join()
    assert not wrong and reads[0] > 0


def _find(elements, element_id):
    """(list holding the element, its offset) in a layout's element dicts, or None."""
    for offset, element in enumerate(elements):
        if element["id"] == element_id:
            return elements, offset
        found = _find(element.get("children", []), element_id)
        if found:
            return found
    return None


def _all_ids(elements):
    return [i for e in elements for i in [e["id"]] + _all_ids(e.get("children", []))]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_changes_answer_as_a_fresh_engine_of_the_changed_layout(seed):
    rng = random.Random(seed)
    model = diamonds()
    engine = alphahit.Engine(sample("diamonds"))
    points = [(rng.uniform(-5, 245), rng.uniform(-5, 165)) for _ in range(300)]
    added = 0
    for _ in range(40):
        ids = _all_ids(model["elements"])
        target = rng.choice(ids)
        kind = rng.randrange(5)
        holder, offset = _find(model["elements"], target)
        if kind == 0:
            frame = {"x": rng.randrange(-20, 200), "y": rng.randrange(-20, 120), "width": rng.randrange(10, 120), "height": rng.randrange(10, 120)}
            engine.set_frame(target, frame["x"], frame["y"], frame["width"], frame["height"])
            holder[offset]["frame"] = frame
        elif kind == 1:
            hidden = rng.random() < 0.5
            engine.set_hidden(target, hidden)
            holder[offset]["hidden"] = hidden
        elif kind == 2:
            added += 1
            element = {"id": f"n{added}", "frame": {"x": rng.randrange(0, 200), "y": rng.randrange(0, 120), "width": 30, "height": 30},
                       "image": "diamond.png"}
            engine.add(element, parent=target, index=0)
            holder[offset].setdefault("children", []).insert(0, element)
        elif kind == 3 and len(model["elements"]) > 1:
            engine.remove(target)
            del holder[offset]
        else:
            engine.move(target, parent=None, index=0)
            element = holder.pop(offset)
            model["elements"].insert(0, element)
        fresh = alphahit.Engine.from_json(json.dumps(model), base_dir=str(DIAMONDS.parent))
        assert engine.ids == fresh.ids
        assert engine.hit_many(points) == fresh.hit_many(points)
