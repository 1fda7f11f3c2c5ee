#!/usr/bin/env python3
"""Checks a Kubernetes export folder (docs/export-kubernetes.md) with python3-yaml and
python3-jsonschema: every document of every *.yaml file parses, every object validates against
schemas/<kind>.schema.json (written from the published CRDs: Kueue v0.10 topologies and
resourceflavors, Volcano hypernodes, sriov-network-operator sriovnetworknodepolicies, the
multi-net-spec NetworkAttachmentDefinition, core/v1 Node metadata), every NAD's spec.config
is CNI JSON naming the NAD, and the Helm values files are mappings.
Prints one summary line "objects=<n> kinds=<kind:count,...>"; exit 1 with the errors."""
import glob
import json
import os
import sys

import jsonschema
import yaml


def main(folder):
    here = os.path.dirname(os.path.abspath(__file__))
    schemas = {}
    for path in glob.glob(os.path.join(here, "schemas", "*.schema.json")):
        with open(path, encoding="utf-8") as f:
            schemas[os.path.basename(path).split(".")[0]] = json.load(f)
    errors, counts = [], {}
    for path in sorted(glob.glob(os.path.join(folder, "*.yaml"))):
        name = os.path.basename(path)
        with open(path, encoding="utf-8") as f:
            docs = [d for d in yaml.safe_load_all(f) if d is not None]
        if name.endswith("-values.yaml"):
            if len(docs) != 1 or not isinstance(docs[0], dict):
                errors.append(f"{name}: expected one mapping")
            continue
        for i, doc in enumerate(docs):
            kind = doc.get("kind") if isinstance(doc, dict) else None
            if kind not in schemas:
                errors.append(f"{name} #{i}: no schema for kind {kind!r}")
                continue
            for e in jsonschema.Draft7Validator(schemas[kind]).iter_errors(doc):
                errors.append(f"{name} #{i} {kind}: {list(e.path)}: {e.message}")
            counts[kind] = counts.get(kind, 0) + 1
            if kind == "NetworkAttachmentDefinition":
                config = json.loads(doc["spec"]["config"])
                if config.get("name") != doc["metadata"]["name"] or "type" not in config:
                    errors.append(f"{name} #{i}: CNI config name/type")
    if errors:
        print("\n".join(errors))
        return 1
    print("objects=%d kinds=%s" % (sum(counts.values()),
                                   ",".join(f"{k}:{v}" for k, v in sorted(counts.items()))))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
