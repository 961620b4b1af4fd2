#!/usr/bin/env bash
# Remake the files of this folder: a ledger written by baska (source.csv, format 2, and
# source-v1.csv, format 1) saved back by the real programs. Run from this folder with baska,
# LibreOffice (Debian: libreoffice-calc-nogui) and Gnumeric (gnumeric: ssconvert) installed:
#   bash make.sh
# tests/test_ledger_sheets.py replays the files it makes (and says what each one is).
# LibreOffice's CSV filter options: separator,quote,character set,first line
# (44 = ",", 59 = ";", 34 = '"'; character sets: 76 = UTF-8, 1 = Windows-1252, 33 = Windows-1250).
set -euo pipefail
cd "$(dirname "$0")"
rm -rf out && mkdir out
rm -f source.csv source-v1.csv
baska new source.csv --players "Łucja,Ścibor,Żaneta,Darek" --deals 8 >/dev/null 2>&1
for hand in "zw łu+ża 61 k" "zo da 77 k:łu,da" "ci ści 40" "gr ża 68" "zw ści+da 78" "we da+łu 70/3 kr"; do
  baska score --ledger source.csv $hand >/dev/null 2>&1
done
baska void source.csv 3 >/dev/null 2>&1
baska amend source.csv 1 zw łu+ża 70 >/dev/null 2>&1
baska undo source.csv >/dev/null 2>&1
cp source.csv source-v1.csv
python - <<'PY'
from baska_cli import ledger
ledger.convert("source-v1.csv", 1)
PY
rm -f .source.csv.lock .source-v1.csv.lock

lo() {  # lo INFILTER OUTFILTER SOURCE OUT: open SOURCE (with INFILTER, if not empty),
  # save it as OUT with OUTFILTER, in a fresh LibreOffice profile
  local dir; dir=$(mktemp -d)
  soffice --headless "-env:UserInstallation=file://$dir/profile" ${1:+"--infilter=$1"} \
    --convert-to "$2" --outdir "$dir/out" "$3" >/dev/null 2>&1
  mv "$dir"/out/* "$4"
  rm -rf "$dir"
}
CSV='csv:Text - txt - csv (StarCalc)'
# LibreOffice, the Text Import dialog's default on a Western system (Windows-1252), saved as UTF-8
lo 'CSV:44,34,1,1' "$CSV:44,34,76" source.csv lo-default-import.csv
# the same on a Polish system (Windows-1250), saved as UTF-8
lo 'CSV:44,34,33,1' "$CSV:44,34,76" source.csv lo-default-import-1250.csv
# UTF-8 import, saved as UTF-8 with commas / with semicolons / as Windows-1250 with semicolons
lo 'CSV:44,34,76,1' "$CSV:44,34,76" source.csv lo-utf8.csv
lo 'CSV:44,34,76,1' "$CSV:59,34,76" source.csv lo-utf8-semicolon.csv
lo 'CSV:44,34,76,1' "$CSV:59,34,33" source.csv lo-1250-semicolon.csv
lo 'CSV:44,34,76,1' "$CSV:44,34,33" source.csv lo-1250.csv
# a format 1 file, UTF-8 import, saved as UTF-8
lo 'CSV:44,34,76,1' "$CSV:44,34,76" source-v1.csv lo-v1-utf8.csv
# CSV -> ODS -> CSV and CSV -> XLSX -> CSV (UTF-8), and XLSX -> CSV in Windows-1252
lo 'CSV:44,34,76,1' ods source.csv out/source.ods
lo '' "$CSV:44,34,76" out/source.ods lo-ods.csv
lo 'CSV:44,34,76,1' 'xlsx:Calc MS Excel 2007 XML' source.csv out/source.xlsx
lo '' "$CSV:44,34,76" out/source.xlsx lo-xlsx.csv
lo '' "$CSV:44,34,1" out/source.xlsx lo-xlsx-1252.csv
# Gnumeric: CSV -> CSV (its separator guess), CSV -> XLSX -> CSV, and a format 1 file
ssconvert source.csv gnumeric.csv >/dev/null 2>&1
ssconvert source.csv out/gnumeric.xlsx >/dev/null 2>&1
ssconvert out/gnumeric.xlsx gnumeric-xlsx.csv >/dev/null 2>&1
ssconvert source-v1.csv gnumeric-v1.csv >/dev/null 2>&1
rm -rf out
