#!/usr/bin/env python3
"""Checks a NetBox export folder (docs/export-netbox.md): every device-types/**.yaml validates
against devicetype.schema.json (written from the devicetype-library's published schema);
the bulk-import CSVs are RFC 4180 with exactly NetBox's documented import field names and
every reference resolves in an earlier file (import order): racks -> sites/locations,
devices -> manufacturers/roles/device types/racks, cables -> devices and their interfaces
from the device types. Prints "types=<n> sites=<n> racks=<n> devices=<n> cables=<n>"."""
import csv
import glob
import json
import os
import sys

import jsonschema
import yaml

FIELDS = {
    "01-manufacturers.csv": ["name", "slug"],
    "02-device-roles.csv": ["name", "slug", "color"],
    "03-sites.csv": ["name", "slug", "status"],
    "04-locations.csv": ["site", "name", "slug", "status"],
    "05-racks.csv": ["site", "location", "name", "status", "width", "u_height"],
    "06-devices.csv": ["name", "role", "manufacturer", "device_type", "status", "site",
                       "location", "rack", "position", "face"],
    "07-cables.csv": ["side_a_site", "side_a_device", "side_a_type", "side_a_name",
                      "side_b_site", "side_b_device", "side_b_type", "side_b_name",
                      "type", "status", "label", "length", "length_unit"],
}


def main(folder):
    here = os.path.dirname(os.path.abspath(__file__))
    with open(os.path.join(here, "devicetype.schema.json"), encoding="utf-8") as f:
        schema = json.load(f)
    errors, types = [], {}
    for path in sorted(glob.glob(os.path.join(folder, "device-types", "*", "*.yaml"))):
        with open(path, encoding="utf-8") as f:
            doc = yaml.safe_load(f)
        for e in jsonschema.Draft7Validator(schema).iter_errors(doc):
            errors.append(f"{path}: {list(e.path)}: {e.message}")
        types[(doc["manufacturer"], doc["model"])] = {i["name"] for i in doc.get("interfaces", [])}
    tables = {}
    for name, fields in FIELDS.items():
        with open(os.path.join(folder, name), newline="", encoding="utf-8") as f:
            rows = list(csv.reader(f))
        if rows[0] != fields:
            errors.append(f"{name}: header {rows[0]}")
        tables[name] = [dict(zip(rows[0], r)) for r in rows[1:]]
    makers = {r["name"] for r in tables["01-manufacturers.csv"]}
    roles = {r["name"] for r in tables["02-device-roles.csv"]}
    sites = {r["name"] for r in tables["03-sites.csv"]}
    locations = {(r["site"], r["name"]) for r in tables["04-locations.csv"]}
    racks = set()
    for r in tables["05-racks.csv"]:
        if r["site"] not in sites or (r["location"] and (r["site"], r["location"]) not in locations):
            errors.append(f"rack {r['name']}: unknown site/location")
        racks.add(r["name"])
    devices = {}
    for r in tables["06-devices.csv"]:
        if r["manufacturer"] not in makers or r["role"] not in roles:
            errors.append(f"device {r['name']}: unknown manufacturer/role")
        if (r["manufacturer"], r["device_type"]) not in types:
            errors.append(f"device {r['name']}: no device type {r['device_type']}")
        if r["rack"] and r["rack"] not in racks:
            errors.append(f"device {r['name']}: unknown rack")
        devices[r["name"]] = types.get((r["manufacturer"], r["device_type"]), set())
    for r in tables["07-cables.csv"]:
        for side in ("a", "b"):
            device, port = r[f"side_{side}_device"], r[f"side_{side}_name"]
            if port not in devices.get(device, set()):
                errors.append(f"cable {r['label']}: {device} has no interface {port}")
    if errors:
        print("\n".join(errors[:30]))
        return 1
    print("types=%d sites=%d racks=%d devices=%d cables=%d" % (
        len(types), len(sites), len(racks), len(devices), len(tables["07-cables.csv"])))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
