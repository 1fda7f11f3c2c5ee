#!/usr/bin/env python3
"""Writes the hostile fixtures of tests/data/hostile/ from the seed reference design.

One design per class of hostile text. `label-*`: the class in the design name, a free-text
label the name policy admits (docs/file-format.md, "Names"): exports must carry it escaped.
`refused-*`: text the policy refuses, in the named field: loading must fail naming it.
Run from the repository root; the files are committed, this script documents them.
"""
import json
import pathlib

ROOT = pathlib.Path(__file__).resolve().parents[3]
SEED = json.loads((ROOT / "resources/examples/seed-8node-hdr.cluster.json").read_text())
OUT = ROOT / "tests/data/hostile"

# Classes a label admits. Each carries the marker PWNED so a test can see whether it escaped
# from a comment or a quoted value into a command or a key.
LABELS = {
    "quote": 'a"b\'c "PWNED',
    "backslash": "a\\b\\\\PWNED\\",
    "markup": "<script>alert('PWNED')</script><![CDATA[x]]>&amp;",
    "comment-closers": "--> */ ]]> -- PWNED <!DOCTYPE x>",
    "shell": "x'; touch /tmp/PWNED; echo \"$(id)`id`${HOME}\"; rm -rf / #",
    "formula": "=HYPERLINK(\"http://e.invalid/?PWNED\",\"x\")",
    "slurm-keys": "seed AuthType=auth/none # PWNED",
}
# Classes refused in a label: (field pointer path, value).
REFUSED = {
    "newline": (["name"], "seed\nAuthType=auth/none PWNED"),
    "carriage-return": (["name"], "seed\rPWNED"),
    "nul": (["name"], "seed\u0000PWNED"),
    "rtl-mark": (["name"], "seed \u202ePWNED"),
    "long": (["name"], "x" * 10000),
    "rack-formula": (["racks", 0, "name"], "=1+1"),
    "rack-markup": (["racks", 0, "name"], "<script>"),
    "rack-300-characters": (["racks", 0, "name"], "r" * 300),
    "fabric-shell": (["fabrics", 0, "name"], "f;reboot"),
    "cluster-newline": (["scheduler", "clusterName"], "seed\nAuthType=auth/none"),
    "partition-space": (["scheduler", "partitions", 0, "name"], "gpu AllowGroups=ALL"),
    "maxtime-newline": (["scheduler", "partitions", 0, "maxTime"], "1:00\nPrologSlurmctld=/x"),
    "controller-hash": (["scheduler", "controllerHost"], "head01#x"),
}


def write(name, design):
    (OUT / name).write_text(json.dumps(design, indent=2, ensure_ascii=True) + "\n")


for name, text in LABELS.items():
    design = json.loads(json.dumps(SEED))
    design["name"] = text
    write(f"label-{name}.cluster.json", design)

for name, (path, text) in REFUSED.items():
    design = json.loads(json.dumps(SEED))
    node = design
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = text
    write(f"refused-{name}.cluster.json", design)

# Bounded input: 130 KB of nested brackets as a user catalog (once a stack overflow).
(OUT / "catalog-deep" ).mkdir(exist_ok=True)
(OUT / "catalog-deep/deep.json").write_text("[" * 65000 + "]" * 65000 + "\n")
# A duplicate key in a design.
text = (ROOT / "resources/examples/seed-8node-hdr.cluster.json").read_text()
(OUT / "refused-duplicate-key.cluster.json").write_text(
    text.replace('"pue": ', '"pue": 9.0, "pue": ', 1))
# An absurd number (1e308 W once printed as "inf kW").
(OUT / "refused-absurd-number.cluster.json").write_text(
    text.replace('"pue": ', '"pue": 1e308, "x": ', 1))
