"""schemathesis's hooks for make test-contract: schemathesis.test.mjs names this
file in SCHEMATHESIS_HOOKS.

A fresh g_nonce for every call that sends a valid one. The service refuses a
nonce it has already seen (licensing-sim within its window), and the values
schemathesis draws from the parameter's schema repeat within a run: with its
fixed seed, which writes the simulator took depended on the draw, and a change
of batchOrder's schema left a run with not one order accepted (842 calls refused
as replays). A drawn nonce that is not valid (blank, longer than 128 characters)
is sent as drawn, so the negative cases still send it; a valid one keeps its
length where it can, so the boundary cases still send theirs.
"""

import itertools

import schemathesis

# What the parameter's pattern calls blank (Rust's `char::is_whitespace`, the
# simulator's): a valid nonce has another character.
BLANK = set("\t\n\x0b\x0c\r \x85\xa0\u1680\u2028\u2029\u202f\u205f\u3000") | {chr(c) for c in range(0x2000, 0x200B)}
MAX_CHARS = 128
UNIQUE_WIDTH = 9

_calls = itertools.count()


def _valid(nonce):
    return isinstance(nonce, str) and 0 < len(nonce) <= MAX_CHARS and any(ch not in BLANK for ch in nonce)


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
