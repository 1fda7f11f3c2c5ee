#!/bin/sh
# epilog-gpu-health.sh for design "DGX SuperPOD H100, 1 SU" (schema version 2), written by Clusterwright 0.1.0.
# Same design, same bytes: edit the design, not this file.
# Epilog: GPUs clean after the job. Exit 1 drains the node.
# Install mode 755, root-owned. Verdicts go to LOG_FILE, one line per run.
PATH=/usr/sbin:/usr/bin:/sbin:/bin
LOG_FILE=/var/log/slurm/gpu-health.log
mkdir -p "$(dirname "$LOG_FILE")" 2>/dev/null
log() {
    echo "$(date -u +%Y-%m-%dT%H:%M:%SZ) $(hostname -s) epilog job ${SLURM_JOB_ID:-none}: $*" >>"$LOG_FILE" 2>/dev/null
}
if ! command -v nvidia-smi >/dev/null 2>&1; then
    log "ok (no NVIDIA driver: nothing to check)"
    exit 0
fi
stray=$(nvidia-smi --query-compute-apps=pid --format=csv,noheader 2>/dev/null | grep -c '[0-9]')
if [ "$stray" -gt 0 ]; then
    log "FAIL $stray processes still hold a GPU"
    exit 1
fi
ecc=$(nvidia-smi --query-gpu=ecc.errors.uncorrected.volatile.total --format=csv,noheader,nounits 2>/dev/null | awk '$1 ~ /^[0-9]+$/ && $1 > 0' | wc -l)
if [ "$ecc" -gt 0 ]; then
    log "FAIL $ecc GPUs report uncorrectable ECC errors since boot"
    exit 1
fi
log "ok"
exit 0
