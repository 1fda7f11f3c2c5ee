#!/usr/bin/env python3
"""Regenerates seed-8node-hdr-perturbed.ibnetdiscover, the as-built input of tst_asbuilt_gui.

Takes the exported fabric.topo of resources/examples/seed-8node-hdr.cluster.json (the golden
copy in tests/data/golden/seed-8node-hdr/switch/compute-hdr), re-cables it the way installers
get it wrong, loads it in ibsim (Debian ibsim-utils) and writes what ibnetdiscover (Debian
infiniband-diags) reports with the exported node name map:

  1. gpu001 and gpu002 swapped at ib-hdr01 ports 1 and 2
  2. gpu003's link up at 1x width (1xHDR)
  3. gpu005's cable removed (ib-hdr01 port 5)
  4. oss04's cable moved from ib-hdr01 port 13 to the neighbouring port 14
  5. an unknown host "rogue01 mlx5_0" cabled to ib-hdr01 port 20

Usage: make-seed-hdr-perturbed.py   (from any folder; needs ibsim and ibnetdiscover)
"""
import os
import re
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
GOLDEN = os.path.join(HERE, "..", "golden", "seed-8node-hdr", "switch", "compute-hdr")
SWITCH = "S-0243570000000900"
ROGUE = "H-0243570000fff002"


def read_topo(path):
    """node id -> [guid line, header line, name, {port: [remote, remote port, rate]}], order."""
    nodes, order, guid, current = {}, [], None, None
    header = re.compile(r'^(Switch|Ca)\s+\d+\s+"([^"]+)"\s*#\s*"([^"]*)"')
    port = re.compile(r'^\[(\d+)\]\s+"([^"]+)"\[(\d+)\].*\s(\d+x[A-Z0-9]+)\s*$')
    for line in open(path):
        line = line.rstrip("\n")
        if line.startswith(("switchguid=", "caguid=")):
            guid = line
        elif m := header.match(line):
            current = m.group(2)
            nodes[current] = [guid, line, m.group(3), {}]
            order.append(current)
        elif (m := port.match(line)) and current:
            nodes[current][3][int(m.group(1))] = [m.group(2), int(m.group(3)), m.group(4)]
    return nodes, order


def connect(nodes, a, pa, b, pb, rate):
    nodes[a][3][pa] = [b, pb, rate]
    nodes[b][3][pb] = [a, pa, rate]


def disconnect(nodes, a, pa):
    b, pb, _ = nodes[a][3].pop(pa)
    nodes[b][3].pop(pb)


def write_topo(nodes, order):
    out = []
    for nid in order:
        guid, header, _, ports = nodes[nid]
        out += ["", guid, header]
        for p in sorted(ports):
            remote, rport, rate = ports[p]
            lid = "" if nid.startswith("S-") else "lid 0 lmc 0 "
            out.append(f'[{p}]\t"{remote}"[{rport}]\t\t# {lid}"{nodes[remote][2]}" lid 0 {rate}')
    return "\n".join(out) + "\n"


def main():
    nodes, order = read_topo(os.path.join(GOLDEN, "fabric.topo"))
    sw = nodes[SWITCH][3]
    h1, h2 = sw[1][0], sw[2][0]
    disconnect(nodes, SWITCH, 1)
    disconnect(nodes, SWITCH, 2)
    connect(nodes, SWITCH, 1, h2, 1, "4xHDR")
    connect(nodes, SWITCH, 2, h1, 1, "4xHDR")
    sw[3][2] = "1xHDR"
    nodes[sw[3][0]][3][1][2] = "1xHDR"
    disconnect(nodes, SWITCH, 5)
    oss04 = sw[13][0]
    disconnect(nodes, SWITCH, 13)
    connect(nodes, SWITCH, 14, oss04, 1, "4xHDR")
    nodes[ROGUE] = [f"caguid=0x{ROGUE[2:].lower()}", f'Ca\t1 "{ROGUE}"\t\t# "rogue01 mlx5_0"',
                    "rogue01 mlx5_0", {}]
    order.append(ROGUE)
    connect(nodes, SWITCH, 20, ROGUE, 1, "4xHDR")

    with tempfile.TemporaryDirectory() as tmp:
        topo = os.path.join(tmp, "perturbed.topo")
        open(topo, "w").write(write_topo(nodes, order))
        env = dict(os.environ, IBSIM_SOCKNAME=f"cw-asbuilt-data-{os.getpid()}")
        sim = subprocess.Popen(["ibsim", "-s", topo], cwd=tmp, env=env, stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        try:
            for line in sim.stdout:
                if "Network simulator ready" in line:
                    break
            else:
                sys.exit("ibsim did not come up")
            preload = subprocess.run(["dpkg", "-L", "libumad2sim0"], capture_output=True,
                                     text=True).stdout.split()
            preload = next(p for p in preload if p.endswith("/libumad2sim.so"))
            found = subprocess.run(
                ["ibnetdiscover", "--node-name-map", os.path.join(GOLDEN, "ib-node-name-map")],
                env=dict(env, LD_PRELOAD=preload), capture_output=True, text=True, check=True)
        finally:
            sim.terminate()
            sim.wait(10)
    # The first comment line carries the date the file was made: drop it for stable bytes.
    lines = [l for l in found.stdout.splitlines(keepends=True) if "generated on" not in l]
    open(os.path.join(HERE, "seed-8node-hdr-perturbed.ibnetdiscover"), "w").write("".join(lines))


if __name__ == "__main__":
    main()
