"""No attribute value gives exit 3: every attribute the renderers honour (numbers, lengths,
URLs, references; `tests/attribute_fuzzing.py`) is set to a hostile value, all at once in one
book, and `rulebook check` and `rulebook build` must answer with findings.

The quick suite runs a small budget (four books of the hand-picked values, each attribute
given a different one in each, and three books Hypothesis draws: about 15 s of CPU);
`bench/fuzz_attributes.py` runs every hand-picked value in every attribute, then Hypothesis
for as long as it is given (10 minutes by default), HTML and PDF.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.attribute_fuzzing import NASTY, PLACES, VALUES, run

ROUNDS = 4


@pytest.mark.parametrize("round_", range(ROUNDS))
def test_hand_picked_values_in_every_attribute_at_once(tmp_path, round_):
    step = len(NASTY) // ROUNDS
    values = {
        place: NASTY[(number + round_ * step) % len(NASTY)] for number, place in enumerate(PLACES)
    }
    run(tmp_path / "book", values)


@settings(
    max_examples=3,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(values=st.fixed_dictionaries(dict.fromkeys(PLACES, VALUES)))
def test_drawn_values_in_every_attribute(tmp_path_factory, values):
    run(tmp_path_factory.mktemp("fuzz") / "book", values)
