#!/usr/bin/env python3
"""Writes a campus site for the million-GPU measurements (docs/performance.md, "A million
GPUs"): standard halls (the default site's: 20 rows x 20 positions at 3.0 m) on a grid of
buildings, routes between halls' entrances by Manhattan distance. Planning figures, not a real
campus.

usage: campus-site.py [--halls 120] [--columns 12] > campus.site.json
       campus-site.py --preset b300 > b300-campus.site.json

Default (the H100 campus): one storey, 45 kW rear-door positions, halls side by side 30 m
apart along a building, rows of buildings 80 m apart (a hall is 20 rows x 3.0 m = 60 m deep,
plus a 20 m service road), halls numbered building by building. The farthest pair of 120
halls on 12 columns is 11 x 30 + 9 x 80 = 1,050 m: within the 2 km of the NDR FR4 single-mode
optics, beyond the 500 m of the catalog's XDR modules. The output for these options is the
same as before the other options existed.

--preset b300 (the DGX B300 campus, docs/performance.md "Generation into a campus of halls"):
the same standard hall rated for the racks of the DGX SuperPOD B300 XDR reference
architecture, on a campus compact enough for one XDR fabric:
- 60 kW rear-door positions: the RA puts four DGX B300 in a rack at about 56 kW
  (ref:nvidia-superpod-b300-xdr-ra); with their optics (the generator counts the worst 800G
  module, 17 W a port) and the rack's management switch a rack of four draws 56.7 kW. Rear
  doors, because the DGX B300 AC appliance is air-cooled and the project's halls cool
  air-cooled racks by room air or rear doors (a 45 kW rear-door position holds only three).
  A rear door taking 60 kW is a planning figure (no door's datasheet was retrieved), as the
  45 kW of the standard hall is.
- Two-storey buildings, as Microsoft builds its Fairwater AI datacenters, two storeys of GPU
  racks to shorten the network's cable runs (ref:microsoft-fairwater-2025): a hall above
  another is one riser away (10 m per storey: a 6-7 m storey and the run to the shaft). A
  route between buildings goes down to the ground, along the campus and up: 10 m for every
  storey each end climbs.
- 4 buildings 80 m apart (as the rows of the H100 campus), each with 2 storeys of 13 halls
  30 m apart: 104 halls, 41,600 positions, 2,496 MW IT.
- Halls numbered so that the middle of the list is the campus centre (ranked by route from
  the centre; the odd ranks farthest first, then the even ranks nearest first): the
  generators fill halls in the site's order and put the spines and cores between the two
  halves of the compute racks, so the network core stands in the middle of the campus, where
  an operator would put it, and every leaf's uplinks run at most half the campus.
With 131,072 DGX B300 on q3400-ra it takes 39,990 racks in 100 halls; the longest link is
461 m, within the 500 m of the catalog's XDR single-mode modules.
"""
import argparse
import json
import math

PUE = 1.3
ROWS, POSITIONS, PITCH_M = 20, 20, 3.0

PRESETS = {
    "b300": {"kw": 60.0, "columns": 13, "storeys": 2, "buildings": 4, "hall_spacing_m": 30.0,
             "building_spacing_m": 80.0, "storey_m": 10.0, "order": "centre",
             "name": "B300 campus"},
}


def parse_args():
    parser = argparse.ArgumentParser()
    parser.add_argument("--preset", choices=sorted(PRESETS))
    parser.add_argument("--halls", type=int, help="default 120 (preset: every hall)")
    parser.add_argument("--columns", type=int, default=12, help="halls along one storey")
    parser.add_argument("--storeys", type=int, default=1, help="storeys per building")
    parser.add_argument("--buildings", type=int, help="default: as many as the halls need")
    parser.add_argument("--position-kw", dest="kw", type=float, default=45.0)
    parser.add_argument("--hall-spacing-m", type=float, default=30.0)
    parser.add_argument("--building-spacing-m", type=float, default=80.0)
    parser.add_argument("--storey-m", type=float, default=10.0, help="riser per storey")
    parser.add_argument("--order", choices=["building", "centre"], default="building")
    # A preset gives the defaults; options given on the command line override them.
    preset = parser.parse_known_args()[0].preset
    parser.set_defaults(**dict({"name": None}, **(PRESETS[preset] if preset else {})))
    args = parser.parse_args()
    per_building = args.columns * args.storeys
    if args.buildings is None:
        args.buildings = math.ceil((args.halls or 120) / per_building)
    if args.halls is None:
        args.halls = 120 if not args.preset else args.buildings * per_building
    if args.halls > args.buildings * per_building:
        parser.error("%d halls do not fit %d buildings of %d" % (args.halls, args.buildings,
                                                              per_building))
    return args


def places(args):
    """(building, storey, column) of every hall, in the site's order."""
    spots = [(b, s, c) for b in range(args.buildings) for s in range(args.storeys)
             for c in range(args.columns)][:args.halls]
    if args.order == "building":
        return spots
    # Ranked by the route from the campus centre (ties: building, storey, column), then the
    # odd ranks farthest first and the even ranks nearest first: the middle of the list is
    # the centre.
    cx = (args.columns - 1) * args.hall_spacing_m / 2
    cy = (args.buildings - 1) * args.building_spacing_m / 2
    def from_centre(p):
        return (abs(p[2] * args.hall_spacing_m - cx) + abs(p[0] * args.building_spacing_m - cy)
                + p[1] * args.storey_m, p)
    ranked = sorted(spots, key=from_centre)
    return list(reversed(ranked[1::2])) + ranked[0::2]


def route_m(args, a, b):
    """Entrance to entrance: along the campus (Manhattan), up and down risers; between
    buildings at ground level (down from one storey, up to the other)."""
    along = (abs(a[2] - b[2]) * args.hall_spacing_m
             + abs(a[0] - b[0]) * args.building_spacing_m)
    climb = abs(a[1] - b[1]) if a[0] == b[0] else a[1] + b[1]
    return along + climb * args.storey_m


def main():
    args = parse_args()
    spots = places(args)
    names = ["H%d" % (i + 1) for i in range(args.halls)]
    halls = [{"name": n, "rows": ROWS, "positionsPerRow": POSITIONS, "rowPitchM": PITCH_M,
              "maxKwPerPosition": args.kw, "cooling": "rear-door"} for n in names]
    distances = []
    for a in range(args.halls):
        for b in range(a + 1, args.halls):
            distances.append({"from": names[a], "to": names[b],
                              "distanceM": route_m(args, spots[a], spots[b])})
    it_kw = args.halls * ROWS * POSITIONS * args.kw
    name = "Campus (%d standard halls)" % args.halls
    if args.name:
        name = "%s (%d halls of %g kW positions)" % (args.name, args.halls, args.kw)
    site = {"name": name, "itPowerBudgetKw": it_kw,
            "utilityPowerKw": math.ceil(it_kw * PUE), "pue": PUE,
            "airCoolingCapacityKw": it_kw, "liquidCoolingCapacityKw": it_kw,
            "cduRedundancy": 1, "halls": halls, "hallDistances": distances}
    print(json.dumps(site, indent=1))


if __name__ == "__main__":
    main()
