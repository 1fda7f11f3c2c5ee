#!/usr/bin/env bash
# Installs the Debian packages Clusterwright needs to build and test. Idempotent and quiet when
# nothing is missing. Sourced by run.sh and test.sh.
set -euo pipefail

cw_build_packages=(
    build-essential cmake ninja-build ccache pkg-config
    qt6-base-dev qt6-base-dev-tools qt6-svg-dev libqcustomplot-dev libgl-dev
    libboost-graph-dev nlohmann-json3-dev libbenchmark-dev libxlsxwriter-dev
    help2man dpkg-dev libyaml-dev libisal-dev
)
# Extra tools the test suite uses (Xvfb for GUI smoke runs, fonts so offscreen text renders).
# slurmctld, scontrol and munge check the exported Slurm files against the real Slurm.
# ibsim-utils, opensm and infiniband-diags bring a simulated subnet up on the exported
# InfiniBand topology; poppler-utils reads the facilities PDF back; LibreOffice opens bom.xlsx.
# frr, iputils-ping and netplan.io bring the exported RoCE underlay up in network namespaces;
# slurmd, slurmdbd, libpmix2 + libpmix-dev (mpi/pmix dlopens its libpmix.so) and mariadb-server run the production Slurm files end to end.
cw_test_packages=(xvfb xauth fonts-dejavu-core slurmctld slurm-client munge
    ibsim-utils opensm infiniband-diags poppler-utils libreoffice-calc-nogui
    desktop-file-utils appstream
    clang clang-format clang-tidy libclang-rt-14-dev libxml2-utils git
    frr iputils-ping netplan.io slurmd slurmdbd libpmix2 libpmix-dev mariadb-server
    yamllint python3-yaml python3-jsonschema)
# tst_kubernetes: kubectl decodes the Kubernetes export offline; node + npm install the published
# Kubernetes schemas (npm kubernetes-models). By command, not package name: kubectl or npm may
# come from another package (Kubernetes' or NodeSource's) that conflicts with Debian's.
command -v kubectl >/dev/null || cw_test_packages+=(kubernetes-client)
command -v node >/dev/null || cw_test_packages+=(nodejs)
command -v npm >/dev/null || cw_test_packages+=(npm)

cw_missing_packages() {
    local missing=()
    for pkg in "$@"; do
        if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed'; then
            missing+=("$pkg")
        fi
    done
    echo "${missing[@]:-}"
}

cw_install_packages() {
    local missing
    missing=$(cw_missing_packages "$@")
    [ -z "$missing" ] && return 0
    echo "Installing missing packages: $missing"
    local sudo=""
    [ "$(id -u)" -ne 0 ] && sudo="sudo"
    export DEBIAN_FRONTEND=noninteractive
    $sudo apt-get update -qq
    # shellcheck disable=SC2086
    $sudo apt-get install -y -qq --no-install-recommends $missing >/dev/null
}
