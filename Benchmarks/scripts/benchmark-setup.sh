# Shared by the comparison scripts (compare-eds.sh, compare-eds-vcard.sh, compare-daemon-eds.sh): source it.

# require_packages PACKAGE...: installs the Debian packages the machine lacks when run as root, else names them
# and exits 69.
require_packages() {
    local missing=() package
    for package in "$@"; do
        dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
    done
    [ "${#missing[@]}" -eq 0 ] && return 0
    if [ "$(id -u)" -ne 0 ]; then
        echo "Missing packages: ${missing[*]} (run as root to install them, or apt-get install them)" >&2
        exit 69
    fi
    echo "Installing: ${missing[*]}"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
}

# build_driver PRODUCT: sets `driver` to the release build of the product, or to $DRIVER when set (a driver
# built earlier, a copy of the one before a change, to measure before and after in the same sitting).
build_driver() {
    if [ -z "${DRIVER:-}" ]; then
        swift build -c release --product "$1" 2>&1 | grep -E "error|Build" || true
    fi
    driver="${DRIVER:-$(swift build -c release --show-bin-path)/$1}"
    [ -x "$driver" ] || { echo "$1 did not build" >&2; exit 70; }
}

# private_locale DIRECTORY: sets `in_locale` to a command prefix running in a private en_US.UTF-8 built under
# DIRECTORY (the machine may have only C.UTF-8), so both sides read local phone numbers as US ones.
private_locale() {
    mkdir -p "$1/locale"
    localedef -i en_US -f UTF-8 "$1/locale/en_US.UTF-8" >/dev/null 2>&1 || [ -d "$1/locale/en_US.UTF-8" ] ||
        { echo "localedef could not build en_US.UTF-8" >&2; exit 70; }
    in_locale=(env LOCPATH="$1/locale" LANG=en_US.UTF-8 LC_ALL=en_US.UTF-8)
}
