#!/usr/bin/env python3
"""Reads a .drawio file the way draw.io does (an <mxfile> of <diagram> pages, each holding an
uncompressed <mxGraphModel>) and checks that every page has the root cells 0 and 1, cell ids
are unique per page, every parent exists, and every edge's source and target are existing
vertices. Prints one line per page: "<name>|<vertices>|<edges>"; exit 1 with the errors."""
import sys
import xml.etree.ElementTree as ET


def main(path):
    tree = ET.parse(path)
    errors = []
    if tree.getroot().tag != "mxfile":
        errors.append("root element is not mxfile")
    for diagram in tree.getroot().findall("diagram"):
        name = diagram.get("name")
        cells = diagram.findall("./mxGraphModel/root/mxCell")
        ids = [c.get("id") for c in cells]
        if len(ids) != len(set(ids)):
            errors.append(f"{name}: duplicate cell ids")
        if ids[:2] != ["0", "1"]:
            errors.append(f"{name}: cells 0 and 1 missing")
        vertices = {c.get("id") for c in cells if c.get("vertex") == "1"}
        edges = [c for c in cells if c.get("edge") == "1"]
        for c in cells[1:]:
            if c.get("parent") not in ids:
                errors.append(f"{name}: {c.get('id')} has no parent")
            if c.get("vertex") == "1" and c.find("mxGeometry") is None:
                errors.append(f"{name}: {c.get('id')} has no geometry")
        for e in edges:
            for end in ("source", "target"):
                if e.get(end) not in vertices:
                    errors.append(f"{name}: edge {e.get('id')} {end} {e.get(end)} is no vertex")
        print(f"{name}|{len(vertices)}|{len(edges)}")
    if errors:
        print("\n".join(errors[:20]))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
