"""schemathesis's hooks for make test-contract: schemathesis.test.mjs names this
file in SCHEMATHESIS_HOOKS.

A fresh g_nonce for every call that sends a valid one. The service refuses a
nonce it has already seen (licensing-sim within its window), and the values
schemathesis draws from the parameter's schema repeat within a run: with its
fixed seed, which writes the simulator took depended on the draw, and a change
of batchOrder's schema left a run with not one order accepted (842 calls refused
as replays). A drawn nonce that is not valid by the document (blank, too long)
is sent as drawn, so the negative cases still send it; a valid one keeps its
length where it can, so the boundary cases still send theirs.
"""

import itertools
import json
import re
from pathlib import Path

import schemathesis

# What a valid nonce is: the parameter's schema in the document the run tests
# (its length bounds, and the pattern that asks for a character that is not blank).
_DOCUMENT = Path(__file__).resolve().parents[2] / "contract" / "openapi.json"
_NONCE = json.loads(_DOCUMENT.read_text(encoding="utf-8"))["components"]["parameters"]["g_nonce"]["schema"]
_PATTERN = re.compile(_NONCE["pattern"])
UNIQUE_WIDTH = 9

_calls = itertools.count()


def _valid(nonce):
    return (
        isinstance(nonce, str)
        and _NONCE["minLength"] <= len(nonce) <= _NONCE["maxLength"]
        and _PATTERN.search(nonce) is not None
    )


@schemathesis.hook
def before_call(context, case, kwargs):
    query = case.query
    if not isinstance(query, dict) or not _valid(query.get("g_nonce")):
        return
    drawn = query["g_nonce"]
    # The call's number, always as wide: two calls' nonces differ in their last
    # UNIQUE_WIDTH characters, whatever their beginnings.
    unique = f"{next(_calls):0{UNIQUE_WIDTH}d}"
    # The drawn nonce's length where it is longer, its end replaced by the number
    # (digits, never blank).
    query["g_nonce"] = drawn[: len(drawn) - len(unique)] + unique if len(drawn) > len(unique) else unique
