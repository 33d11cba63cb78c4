#!/usr/bin/env bash
# Starts, restarts, stops or inspects a tmux session per agent. The window
# commands are shell strings that tmux runs with the user's shell, so they are
# audited as nested shell: a window whose last command is `gptme | tee` masks
# the agent's status (RA101), while strings starting with
# `set -o pipefail;` are near misses. No errexit in the outer script.
set -u

usage() {
  echo "usage: $0 {start|restart|stop|status} [agent-name]" >&2
  exit 2
}

[[ $# -ge 1 ]] || usage
action=$1
name=${2:-gptme}
session="agent-$name"
log_dir="$HOME/.local/share/agents/$name"
log="$log_dir/$(date +%Y%m%d).log"
prompt_file="$HOME/agents/$name/PROMPT.md"
windows=(agent follow)

case "$action" in
  start)
    if tmux has-session -t "$session" 2>/dev/null; then
      echo "$session is already running"
      exit 0
    fi
    mkdir -p "$log_dir"
    tmux new-session -d -s "$session" -n "${windows[0]}" "gptme --non-interactive 'Work through $prompt_file' 2>&1 | tee -a '$log'; echo \"agent exited \$?\" >> '$log'"  # expect: RA101(error)
    tmux new-window -t "$session" -n "${windows[1]}" "set -o pipefail; tail -F '$log' | grep --line-buffered -E 'ERROR|Traceback'"
    echo "started $session; logging to $log"
    ;;
  restart)
    tmux respawn-pane -k -t "$session:${windows[0]}" "set -o pipefail; gptme --non-interactive 'Continue with $prompt_file' 2>&1 | tee -a '$log'"  # expect: RA203(warning)
    echo "restarted the agent pane of $session"
    ;;
  stop)
    tmux kill-session -t "$session"
    ;;
  status)
    if tmux list-sessions -F '#{session_name}' 2>/dev/null | grep -qx "$session"; then  # not reported: the last stage stops reading early
      echo "$session: running"
      tail -n 5 "$log"
    else
      echo "$session: stopped"
    fi
    ;;
  *)
    usage
    ;;
esac

running=$(tmux list-sessions 2>/dev/null | grep -c '^agent-')
echo "agent sessions running: ${running:-0}"
