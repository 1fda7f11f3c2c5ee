#!/bin/sh
# prolog-gpu-health.sh for design "Seed 8-node HGX H100 cluster (HDR 200G)" (schema version 2), written by Clusterwright 0.1.0.
# Same design, same bytes: edit the design, not this file.
# Prolog: GPU health before the job. Exit 1 drains the node and requeues the job.
# Install mode 755, root-owned. Verdicts go to LOG_FILE, one line per run.
PATH=/usr/sbin:/usr/bin:/sbin:/bin
LOG_FILE=/var/log/slurm/gpu-health.log
DCGM_LEVEL=1
mkdir -p "$(dirname "$LOG_FILE")" 2>/dev/null
log() {
    echo "$(date -u +%Y-%m-%dT%H:%M:%SZ) $(hostname -s) prolog job ${SLURM_JOB_ID:-none}: $*" >>"$LOG_FILE" 2>/dev/null
}
if ! command -v nvidia-smi >/dev/null 2>&1; then
    log "ok (no NVIDIA driver: nothing to check)"
    exit 0
fi
if ! nvidia-smi -L >/dev/null 2>&1; then
    log "FAIL nvidia-smi cannot reach the driver"
    exit 1
fi
if command -v dcgmi >/dev/null 2>&1; then
    # Level 1: deployment and health checks in seconds, no stress test.
    out=$(dcgmi diag -r "$DCGM_LEVEL" 2>&1)
    status=$?
    if [ "$status" -ne 0 ] || echo "$out" | grep -qi 'fail'; then
        log "FAIL dcgmi diag -r $DCGM_LEVEL: $(echo "$out" | grep -i 'fail' | head -n 3 | tr '\n' ' ')"
        exit 1
    fi
    log "ok (dcgmi diag -r $DCGM_LEVEL passed)"
else
    log "ok (GPUs answer; DCGM not installed, diagnostics skipped)"
fi
exit 0
