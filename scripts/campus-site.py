#!/usr/bin/env python3
"""Writes a campus site for the million-GPU measurements (docs/performance.md, "A million
GPUs"): standard halls (the default site's: 20 rows x 20 positions at 3.0 m, 45 kW rear-door
positions) on a grid of buildings, routes between halls' entrances by Manhattan distance.

usage: campus-site.py [--halls 120] [--columns 12] > campus.site.json

Grid: halls side by side 30 m apart along a building (as the default site), rows of
buildings 80 m apart (a hall is 20 rows x 3.0 m = 60 m deep, plus a 20 m service road), so
the farthest pair of 120 halls on 12 columns is 11 x 30 + 9 x 80 = 1,050 m: within the 2 km
of the NDR FR4 single-mode optics, beyond the 500 m of the catalog's XDR modules (an XDR
fabric of DGX B300 on q3400-ra is refused on reach above about 39,600 nodes here; the hall
rating and the grid stay as a campus gives them, they are not fitted to a design: see
docs/performance.md, "Generation into a campus of halls"). Planning figures, not a real
campus.
"""
import argparse
import json
import math

HALL_SPACING_M = 30.0
BUILDING_SPACING_M = 80.0
ROWS, POSITIONS, PITCH_M, KW = 20, 20, 3.0, 45.0
PUE = 1.3


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--halls", type=int, default=120)
    parser.add_argument("--columns", type=int, default=12)
    args = parser.parse_args()
    names = ["H%d" % (i + 1) for i in range(args.halls)]
    halls = [{"name": n, "rows": ROWS, "positionsPerRow": POSITIONS, "rowPitchM": PITCH_M,
              "maxKwPerPosition": KW, "cooling": "rear-door"} for n in names]
    distances = []
    for a in range(args.halls):
        for b in range(a + 1, args.halls):
            dx = abs(a % args.columns - b % args.columns) * HALL_SPACING_M
            dy = abs(a // args.columns - b // args.columns) * BUILDING_SPACING_M
            distances.append({"from": names[a], "to": names[b], "distanceM": dx + dy})
    it_kw = args.halls * ROWS * POSITIONS * KW
    site = {"name": "Campus (%d standard halls)" % args.halls, "itPowerBudgetKw": it_kw,
            "utilityPowerKw": math.ceil(it_kw * PUE), "pue": PUE,
            "airCoolingCapacityKw": it_kw, "liquidCoolingCapacityKw": it_kw,
            "cduRedundancy": 1, "halls": halls, "hallDistances": distances}
    print(json.dumps(site, indent=1))


if __name__ == "__main__":
    main()
