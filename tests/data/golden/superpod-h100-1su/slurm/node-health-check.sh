#!/bin/sh
# node-health-check.sh for design "DGX SuperPOD H100, 1 SU" (schema version 2), written by Clusterwright 0.1.0.
# Same design, same bytes: edit the design, not this file.
# HealthCheckProgram: this node against what slurm.conf and the design say it has.
# Drains the node with the reason on a mismatch. LBNL NHC, when installed, runs instead.
PATH=/usr/sbin:/usr/bin:/sbin:/bin
if [ -x /usr/sbin/nhc ]; then exec /usr/sbin/nhc; fi
node=${SLURMD_NODENAME:-$(hostname -s)}
problems=""
fail() { problems="$problems${problems:+; }$*"; }
# GPUs: as many as the node's Gres says (gpu:<type>:<count>).
want=$(scontrol show node "$node" 2>/dev/null | sed -n 's/.*Gres=gpu:[^:]*:\([0-9][0-9]*\).*/\1/p' | head -n 1)
if [ -n "$want" ] && [ "$want" -gt 0 ]; then
    have=$(nvidia-smi -L 2>/dev/null | grep -c '^GPU ')
    [ "$have" -eq "$want" ] || fail "$have of $want GPUs visible"
fi
# Rail NICs cabled in the design: their RDMA devices present and ACTIVE.
case "$node" in
    dgx001|dgx002|dgx003|dgx004|dgx005|dgx006|dgx007|dgx008|dgx009|dgx010|dgx011|dgx012|dgx013|dgx014|dgx015|dgx016|dgx017|dgx018|dgx019|dgx020|dgx021|dgx022|dgx023|dgx024|dgx025|dgx026|dgx027|dgx028|dgx029|dgx030|dgx031) rails="mlx5_0 mlx5_10 mlx5_11 mlx5_3 mlx5_4 mlx5_5 mlx5_6 mlx5_9" ;;
    *) rails="" ;;
esac
for dev in $rails; do
    state=$(cat "/sys/class/infiniband/$dev/ports/1/state" 2>/dev/null)
    case "$state" in *ACTIVE*) ;; *) fail "rail $dev ${state:-missing}" ;; esac
done
if [ -n "$problems" ]; then
    scontrol update nodename="$node" state=drain reason="health: $problems"
    exit 1
fi
exit 0
