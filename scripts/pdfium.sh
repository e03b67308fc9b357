#!/usr/bin/env bash
# Fetch libpdfium — the PDF engine of the worker's extraction (worker/src/extraction) — into
# .data/pdfium/libpdfium.so (the default of ISTRUTTORIA_PDFIUM_LIBRARY), and install Tesseract
# (Debian's tesseract-ocr with the Italian model) for the OCR of pages without text.
#
# No Debian package ships libpdfium: the library comes from the pinned PyPI wheel of pypdfium2
# (BSD-3-Clause / Apache-2.0), whose `pypdfium2_raw/libpdfium.so` is a plain build of PDFium.
# The wheel's sha256 is checked against PyPI's metadata. Incremental: does nothing when the
# library of the pinned version is already there.
#
#   scripts/pdfium.sh          fetch when missing or of another version
#   scripts/pdfium.sh --force  fetch anyway
. "$(dirname "$0")/lib.sh"
cd "$ROOT"

# pypdfium2 5.15.2 ships PDFium 159.0.8149 (pdfium-render's `pdfium_latest` bindings: 8125+).
PYPDFIUM2_VERSION="5.15.2"
WHEEL_PLATFORM="manylinux_2_17_x86_64"

force=0
[ "${1:-}" = "--force" ] && force=1

ensure_debian_packages tesseract-ocr tesseract-ocr-ita

OUT_DIR="$ROOT/.data/pdfium"
OUT="$OUT_DIR/libpdfium.so"
STAMP="$OUT_DIR/libpdfium.stamp"
expected_stamp="pypdfium2==$PYPDFIUM2_VERSION $WHEEL_PLATFORM"

if [ "$force" -eq 0 ] && [ -f "$OUT" ] && [ -f "$STAMP" ] && [ "$(cat "$STAMP")" = "$expected_stamp" ]; then
  exit 0
fi

[ "$(uname -m)" = "x86_64" ] || die "scripts/pdfium.sh knows the linux x86_64 wheel only (this is $(uname -m))"
command -v python3 >/dev/null || die "python3 is needed (pip downloads the pypdfium2 wheel)"

say "PDFium: fetching pypdfium2 $PYPDFIUM2_VERSION ($WHEEL_PLATFORM) from PyPI"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

python3 -m pip download --quiet --no-deps --only-binary=:all: \
  --platform "$WHEEL_PLATFORM" --python-version 3.11 \
  --dest "$tmp" "pypdfium2==$PYPDFIUM2_VERSION"
wheel="$(ls "$tmp"/pypdfium2-"$PYPDFIUM2_VERSION"-*"$WHEEL_PLATFORM"*.whl 2>/dev/null | head -n 1)"
[ -n "$wheel" ] || die "pip downloaded no pypdfium2 $PYPDFIUM2_VERSION wheel for $WHEEL_PLATFORM"

# The wheel's digest as PyPI publishes it.
name="$(basename "$wheel")"
expected_sha="$(curl -fsSL "https://pypi.org/pypi/pypdfium2/json" | python3 -c '
import json, sys
version, name = sys.argv[1], sys.argv[2]
for f in json.load(sys.stdin)["releases"].get(version, []):
    if f["filename"] == name:
        print(f["digests"]["sha256"])
' "$PYPDFIUM2_VERSION" "$name")"
[ -n "$expected_sha" ] || die "PyPI lists no sha256 for $name"
actual_sha="$(sha256sum "$wheel" | cut -d' ' -f1)"
[ "$actual_sha" = "$expected_sha" ] || die "$name: sha256 $actual_sha, PyPI says $expected_sha"

python3 - "$wheel" "$tmp/libpdfium.so" <<'PY'
import shutil, sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as wheel, wheel.open("pypdfium2_raw/libpdfium.so") as src, open(sys.argv[2], "wb") as dst:
    shutil.copyfileobj(src, dst)
PY

mkdir -p "$OUT_DIR"
mv "$tmp/libpdfium.so" "$OUT.tmp"
mv "$OUT.tmp" "$OUT"
echo "$expected_stamp" > "$STAMP"
say "PDFium: $OUT ($(du -h "$OUT" | cut -f1))"
