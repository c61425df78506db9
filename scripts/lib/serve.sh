# Sourced by scripts/test and Tests/contract/run.
#
# start_todo_serve BINARY DATABASE LOG
#   Starts `BINARY serve` on 127.0.0.1 and a port of its choosing over DATABASE (its stderr to
#   LOG) and waits for the one line it prints on stdout once it listens with its database
#   ready: nothing is polled. Sets serve_pid and serve_url (http://127.0.0.1:PORT). Fails,
#   with the log, if the server exits first or says nothing within two minutes.
start_todo_serve() {
  local binary=$1 database=$2 log=$3 line=""
  # Its stdout stays open on serve_fd for as long as the script runs.
  exec {serve_fd}< <(exec "$binary" serve --host 127.0.0.1 --port 0 --db "$database" 2>"$log")
  serve_pid=$!
  if ! read -r -t 120 -u "$serve_fd" line || [[ $line != "todo: serving http://"* ]]; then
    echo "error: todo serve did not start (${line:-no line}); its log:" >&2
    cat "$log" >&2
    return 1
  fi
  serve_url=${line#todo: serving }
  serve_url=${serve_url%% *}
}
