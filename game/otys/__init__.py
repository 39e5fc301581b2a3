"""Otys: divers on five-level boards, keys, sponsors, contracts and a store. See docs/rulings/otys.md."""
