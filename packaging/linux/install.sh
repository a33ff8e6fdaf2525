#!/bin/sh
# Installs the owsqt bundle this script sits in for the user who runs it, without root:
# `owsqt` on the PATH (~/.local/bin), the menu entry, the icon, and the type of game files,
# so that a double-clicked .owsg file opens in owsqt. The bundle stays where it is; move it
# and run this again. `./install.sh --uninstall` takes all of it away again (the games,
# the settings and the key stay).
set -eu

here=$(cd "$(dirname "$0")" && pwd)
data=${XDG_DATA_HOME:-$HOME/.local/share}
bin=$HOME/.local/bin
icons=$here/_internal/owsqt/_shipped/resources/icons
sizes="16 24 32 48 64 128 256 512"

refresh() {
    if command -v update-mime-database >/dev/null; then update-mime-database "$data/mime"; fi
    if command -v update-desktop-database >/dev/null; then
        update-desktop-database "$data/applications"
    fi
    if command -v gtk-update-icon-cache >/dev/null; then
        gtk-update-icon-cache --quiet --ignore-theme-index "$data/icons/hicolor" || true
    fi
}

if [ "${1:-}" = "--uninstall" ]; then
    rm -f "$bin/owsqt" "$data/applications/owsqt.desktop" "$data/mime/packages/owsqt.xml" \
        "$data/metainfo/io.github.owsqt.owsqt.metainfo.xml"
    for size in $sizes; do rm -f "$data/icons/hicolor/${size}x$size/apps/owsqt.png"; done
    refresh
    echo "owsqt uninstalled; the bundle in $here is left as it is"
    exit 0
fi
if [ ! -x "$here/owsqt" ]; then
    echo "install.sh: no owsqt program beside this script in $here" >&2
    exit 1
fi

mkdir -p "$bin" "$data/applications" "$data/mime/packages" "$data/metainfo"
ln -sf "$here/owsqt" "$bin/owsqt"
for size in $sizes; do
    mkdir -p "$data/icons/hicolor/${size}x$size/apps"
    cp "$icons/owsqt-$size.png" "$data/icons/hicolor/${size}x$size/apps/owsqt.png"
done
# The menu entry starts this bundle's program, wherever ~/.local/bin is on the PATH or not.
program=$(printf '%s' "$here/owsqt" | sed 's/[\\"`$]/\\&/g')
sed "s|^Exec=owsqt |Exec=\"$program\" |" "$here/desktop/owsqt.desktop" \
    >"$data/applications/owsqt.desktop"
cp "$here/desktop/owsqt-mime.xml" "$data/mime/packages/owsqt.xml"
cp "$here/desktop/io.github.owsqt.owsqt.metainfo.xml" "$data/metainfo/"
refresh
if command -v xdg-mime >/dev/null; then
    xdg-mime default owsqt.desktop application/x-owsqt-game || true
fi
echo "owsqt installed: the menu entry, the icon, .owsg game files, and $bin/owsqt"
