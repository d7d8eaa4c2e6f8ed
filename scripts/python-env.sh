#!/usr/bin/env bash
# Makes the Python environment of fuse's tests and examples: a virtual
# environment in build/venv (seeing the system's packages, so an installed
# numpy or JAX is reused) with numpy, pytest, scikit-learn and (if it can be
# had) JAX, and the
# fuse-hlo package built from python/ and installed into it. Needs
# build/lib/libFuseCAPI.so (scripts/setup.sh). Quiet on success; prints the
# environment's python on its last line.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${FUSE_BUILD_DIR:-$root/build}
venv=$build/venv
log=$build/python-env.log
: >"$log"

step() {
  if ! "$@" >>"$log" 2>&1; then
    echo "fuse python-env: '$*' failed; its output:" >&2
    tail -n 40 "$log" >&2
    exit 1
  fi
}

if [ ! -x "$venv/bin/python" ]; then
  if ! python3 -c 'import venv, ensurepip' >/dev/null 2>&1; then
    echo "fuse python-env: installing python3-venv" >&2
    if [ "$(id -u)" -eq 0 ]; then sudo=(); else sudo=(sudo); fi
    step "${sudo[@]}" apt-get update
    step "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y \
      --no-install-recommends python3-venv python3-pip
  fi
  step python3 -m venv --system-site-packages "$venv"
fi
python=$venv/bin/python
missing=()
for module in numpy:numpy pytest:pytest sklearn:scikit-learn \
              setuptools:setuptools wheel:wheel; do
  "$python" -c "import ${module%%:*}" >/dev/null 2>&1 ||
    missing+=("${module##*:}")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "fuse python-env: installing ${missing[*]}" >&2
  step "$python" -m pip install --quiet "${missing[@]}"
fi
# JAX is optional for fuse_hlo, but its front end (fuse_hlo.jax) and the
# live import tests need it; without it (no registry) they skip, saying so.
if ! "$python" -c "import jax" >/dev/null 2>&1; then
  echo "fuse python-env: installing jax" >&2
  "$python" -m pip install --quiet jax >>"$log" 2>&1 ||
    echo "fuse python-env: jax could not be installed; its tests skip" >&2
fi
# A fresh wheel of python/ each time, so tests see the current sources
# through the installed package.
step env FUSE_BUILD_DIR="$build" "$python" -m pip install --quiet \
  --no-deps --no-build-isolation --force-reinstall "$root/python"
rm -rf "$root/python/build" "$root/python/fuse_hlo.egg-info"
echo "$python"
