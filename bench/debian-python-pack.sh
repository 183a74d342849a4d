#!/bin/bash
# Honest Python from Debian, packed as sdists for bench/debian-python-verdicts.ts (PyPI is not reachable here;
# Debian's python3-* packages are real, reviewed Python). Usage: bench/debian-python-pack.sh SAMPLE OUT
#   SAMPLE: a sample name of bench/debian-python-sample.tsv (1-curated, 1-random, 2-random, 3-top, 4-random) or "1" (both of 1)
#   OUT:    a folder; gets debs/, and one NAME-VERSION.tar.gz a package plus index.tsv
# Each tarball holds the package's dist-packages tree, its METADATA as PKG-INFO and a minimal pyproject.toml.
set -euo pipefail
sample=$1; out=$2
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out/debs"
awk -F'\t' -v s="$sample" 'NR > 1 && ($2 == s || index($2, s "-") == 1) { print $1 }' "$here/debian-python-sample.tsv" |
  (cd "$out/debs" && xargs -n 20 apt-get download -q >/dev/null)
rm -f "$out/index.tsv"
for deb in "$out"/debs/*.deb; do
  pkg=$(dpkg-deb -f "$deb" Package); ver=$(dpkg-deb -f "$deb" Version | sed 's/^[0-9]*://; s/[-+~].*//')
  t=$(mktemp -d); dpkg-deb -x "$deb" "$t"
  dp="$t/usr/lib/python3/dist-packages"
  if [ ! -d "$dp" ]; then rm -rf "$t"; continue; fi
  name=${pkg#python3-}; root="$t/out/$name-$ver"; mkdir -p "$root"; n=0
  for e in "$dp"/*; do
    b=$(basename "$e")
    case "$b" in
      *.dist-info|*.egg-info) meta=$(ls "$e"/METADATA "$e"/PKG-INFO 2>/dev/null | head -1 || true); [ -n "$meta" ] && cp "$meta" "$root/PKG-INFO" ;;
      *) cp -r "$e" "$root/"; n=$((n+1)) ;;
    esac
  done
  if [ "$n" -gt 0 ]; then
    printf '[build-system]\nrequires = ["setuptools>=61"]\nbuild-backend = "setuptools.build_meta"\n\n[project]\nname = "%s"\nversion = "%s"\n' "$name" "$ver" > "$root/pyproject.toml"
    tar -czf "$out/$name-$ver.tar.gz" -C "$t/out" "$name-$ver"
    printf '%s\t%s\t%s\n' "$name-$ver.tar.gz" "$name" "$ver" >> "$out/index.tsv"
  fi
  rm -rf "$t"
done
