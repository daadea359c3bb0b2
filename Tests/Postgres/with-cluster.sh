#!/usr/bin/env bash
# Runs a command with a throwaway PostgreSQL cluster: initdb in a temporary folder, a server on a Unix socket in that
# folder and on a free loopback port, TOUCHLOG_TEST_POSTGRES_URL exported for the command, and the cluster stopped
# and removed afterwards, whatever the command's outcome (its exit status is this script's).
#
#   Tests/Postgres/with-cluster.sh make test
#   Tests/Postgres/with-cluster.sh swift test --skip-build --disable-xctest --filter Postgres
#
# PostgreSQL refuses to run as root: run as root (CI containers), the cluster belongs to the `postgres` user that
# Debian's postgresql package creates, and the server is started through runuser. Nothing outside the temporary
# folder is created or changed. PG_BIN overrides where initdb and pg_ctl are (default: Debian's newest install).
set -euo pipefail

if [ $# -eq 0 ]; then
    echo "usage: $0 COMMAND [ARGS...]" >&2
    exit 64
fi

pg_bin=${PG_BIN:-}
if [ -z "$pg_bin" ]; then
    for dir in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
        if [ -x "$dir/initdb" ]; then pg_bin=$dir; break; fi
    done
fi
if [ -z "$pg_bin" ] && command -v initdb >/dev/null 2>&1; then pg_bin=$(dirname "$(command -v initdb)"); fi
if [ -z "$pg_bin" ] || [ ! -x "$pg_bin/initdb" ]; then
    echo "with-cluster.sh: no PostgreSQL server binaries (initdb) found; install Debian's postgresql package or set PG_BIN" >&2
    exit 69
fi

as_owner=()
owner=$(id -un)
if [ "$(id -u)" -eq 0 ]; then
    if ! id postgres >/dev/null 2>&1; then
        echo "with-cluster.sh: running as root, and there is no postgres user to run the server as (Debian's postgresql package creates it)" >&2
        exit 69
    fi
    owner=postgres
    as_owner=(runuser -u postgres --)
fi

work=$(mktemp -d /tmp/touchlog-pg.XXXXXX)
chmod 755 "$work"
[ ${#as_owner[@]} -eq 0 ] || chown postgres "$work"
data=$work/data
log=$work/server.log

stop() {
    "${as_owner[@]}" "$pg_bin/pg_ctl" -D "$data" -m immediate stop >/dev/null 2>&1 || true
    rm -rf "$work"
}
trap stop EXIT

# A free loopback port: ask the kernel for one.
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')

"${as_owner[@]}" "$pg_bin/initdb" -D "$data" -U "$owner" --auth=trust --encoding=UTF8 --locale=C.UTF-8 >"$work/initdb.log" 2>&1 || {
    cat "$work/initdb.log" >&2
    exit 69
}
# TLS for the tests of sslmode: a certificate authority, a server certificate it signs for the name "localhost" only
# (so verify-full to 127.0.0.1 must fail where verify-ca passes), and a second authority that signed nothing here.
# The role touchlog_tls may connect over TCP only encrypted (hostnossl ... reject), so a test that connects as it
# and succeeds proves the connection was encrypted. Without openssl the cluster runs without TLS and those tests fail
# in CI, saying so.
tls=()
if command -v openssl >/dev/null 2>&1; then
    certs=$work/tls
    mkdir -p "$certs"
    quiet() { "$@" >/dev/null 2>&1; }
    for ca in ca other-ca; do
        quiet openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj "/CN=touchlog test $ca" \
            -keyout "$certs/$ca.key" -out "$certs/$ca.crt"
    done
    quiet openssl req -newkey rsa:2048 -nodes -subj "/CN=localhost" -keyout "$certs/server.key" -out "$certs/server.csr"
    printf 'subjectAltName=DNS:localhost\n' >"$certs/server.ext"
    quiet openssl x509 -req -in "$certs/server.csr" -CA "$certs/ca.crt" -CAkey "$certs/ca.key" -CAcreateserial \
        -days 2 -extfile "$certs/server.ext" -out "$certs/server.crt"
    chmod 600 "$certs/server.key"
    [ ${#as_owner[@]} -eq 0 ] || chown -R postgres "$certs"
    tls=(-c ssl=on -c "ssl_cert_file=$certs/server.crt" -c "ssl_key_file=$certs/server.key")
    { echo "hostnossl all touchlog_tls all reject"; cat "$data/pg_hba.conf"; } >"$work/pg_hba.conf"
    cat "$work/pg_hba.conf" >"$data/pg_hba.conf"
    export TOUCHLOG_TEST_POSTGRES_ROOT_CERT=$certs/ca.crt
    export TOUCHLOG_TEST_POSTGRES_OTHER_ROOT_CERT=$certs/other-ca.crt
fi

# fsync off: a test cluster need not survive a power cut, and tests run faster without it.
"${as_owner[@]}" "$pg_bin/pg_ctl" -D "$data" -l "$log" -w -t 60 start \
    -o "-c listen_addresses=127.0.0.1 -c port=$port -c unix_socket_directories=$work -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200 ${tls[*]}" >/dev/null || {
    cat "$log" >&2
    exit 69
}
"${as_owner[@]}" psql -h "$work" -p "$port" -U "$owner" -d postgres -q -c "CREATE DATABASE touchlog_test" >/dev/null
if [ ${#tls[@]} -gt 0 ]; then
    "${as_owner[@]}" psql -h "$work" -p "$port" -U "$owner" -d postgres -q -c "CREATE ROLE touchlog_tls LOGIN SUPERUSER" >/dev/null
fi

export TOUCHLOG_TEST_POSTGRES_URL="postgres://$owner@127.0.0.1:$port/touchlog_test"
export TOUCHLOG_TEST_POSTGRES_SOCKET="$work"
# The same server through its Unix socket (never encrypted): what the benchmark uses, for touchlog and psql alike.
export TOUCHLOG_TEST_POSTGRES_SOCKET_URL="postgres://$owner@$(printf %s "$work" | sed 's|/|%2F|g'):$port/touchlog_test"
echo "with-cluster.sh: PostgreSQL ($("$pg_bin/postgres" --version | awk '{print $3}')) at $TOUCHLOG_TEST_POSTGRES_URL" >&2
set +e
"$@"
status=$?
set -e
exit $status
