#!/bin/sh
# README's Slurm job-array recipe, run for real: the script starts a
# one-node Slurm cluster of its own (Debian's slurm-wlm and munge: a munged,
# a slurmctld and a slurmd, with their key, config, state, spool, logs and
# pid files in a temporary folder and on free ports), submits the recipe's
# count.sbatch with `sbatch --wait`, adds the parts up with dlx-sum-parts,
# checks the sum against one whole `dlx --count`, and stops every daemon it
# started.  The recipe is read from README.md itself, with 8 parts instead
# of 64 to keep the test short; everything else is the README's text.
# A Slurm already running on the machine is not used or touched: its
# daemons, munge key and socket, config and ports stay unseen.
# Skipped (status 77, with the reason and the daemons' last log lines)
# where Slurm is missing, the script is not root (slurmd runs tasks as
# their users), or the cluster does not come up; once it is up, a failed
# job or a wrong sum is a failure.
# Usage: test-recipe-slurm.sh README DLX SUM_PARTS GEN_QUEENS
set -u
abs() { case $1 in /*) echo "$1" ;; *) echo "$PWD/$1" ;; esac; }
readme=$(abs "$1") dlx=$(abs "$2") sum=$(abs "$3") queens=$(abs "$4")
parts=8
skip() { echo "$*: skipped"; exit 77; }

# Debian puts the daemons in /usr/sbin, which a user's PATH may lack.
PATH=$PATH:/usr/sbin:/sbin
for p in munged munge unmunge slurmctld slurmd sbatch sinfo; do
	command -v "$p" > /dev/null ||
		skip "$p is not installed (Debian: apt-get install slurm-wlm munge)"
done
[ "$(id -u)" -eq 0 ] || skip "not root (slurmd must be able to run tasks as their users)"
# Variables from an enclosing Slurm job or the user's defaults would steer
# sbatch and sinfo; only this cluster's own settings may count.
for v in $(env | sed -n 's/^\(\(SLURM\|SBATCH\|SINFO\|SQUEUE\|SALLOC\|SRUN\)_[A-Za-z0-9_]*\)=.*/\1/p'); do
	unset "$v"
done

tmp=$(mktemp -d "${TMPDIR:-/tmp}/dlx-slurm.XXXXXX") || exit 1
pids=
stop() {
	# The daemons are this script's children; nothing else is signalled.
	# One that ignores SIGTERM for 10 s gets SIGKILL.
	for pid in $pids; do kill "$pid" 2> /dev/null; done
	(sleep 10; for pid in $pids; do kill -KILL "$pid"; done) > /dev/null 2>&1 &
	dog=$!
	for pid in $pids; do wait "$pid" 2> /dev/null; done
	kill "$dog" 2> /dev/null
	rm -rf "$tmp"
}
trap stop EXIT
trap 'exit 1' HUP INT TERM
logs() { # why: print the daemons' last log lines, then skip
	# In the foreground the daemons log to standard error too, fatal
	# errors from before their log file opens included.
	for f in "$tmp"/munged.out "$tmp"/slurmctld.out "$tmp"/slurmd.out; do
		[ -s "$f" ] || continue
		echo "--- last lines of ${f##*/}:"
		tail -n 15 "$f"
	done
	skip "$1"
}

umask 077
mkdir "$tmp/munge" "$tmp/state" "$tmp/spool" "$tmp/bin" "$tmp/work"
# munged wants its socket reachable by all users (the key stays private).
chmod 711 "$tmp" "$tmp/munge"
# munged refuses a key shorter than 32 bytes; this one is fresh, known to this cluster only.
dd if=/dev/urandom of="$tmp/munge/key" bs=1024 count=1 2> /dev/null || exit 1
sock=$tmp/munge/socket
munged --foreground --force --socket="$sock" --key-file="$tmp/munge/key" \
	--pid-file="$tmp/munge/pid" --seed-file="$tmp/munge/seed" \
	--log-file="$tmp/munged.log" > "$tmp/munged.out" 2>&1 &
pids="$!"
i=0
until munge -n -S "$sock" 2> /dev/null | unmunge -S "$sock" > /dev/null 2>&1; do
	i=$((i + 1))
	[ "$i" -le 50 ] || logs "munged did not start or does not answer"
	sleep 0.2
done

# Two free TCP ports, chosen by the kernel (meson runs tests with python3 at hand).
ports=$(python3 -c 'import socket
a, b = socket.socket(), socket.socket()
a.bind(("127.0.0.1", 0)); b.bind(("127.0.0.1", 0))
print(a.getsockname()[1], b.getsockname()[1])') || skip "python3 cannot find free ports"
ctld_port=${ports% *} slurmd_port=${ports#* }
# slurmctld knows it is the controller by `hostname -s`; the node takes the same name.
host=$(hostname -s 2> /dev/null || uname -n | cut -d. -f1)
conf=$tmp/slurm.conf
cat > "$conf" << END
ClusterName=dlxtest
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$sock
StateSaveLocation=$tmp/state
SlurmdSpoolDir=$tmp/spool
SlurmctldPidFile=$tmp/slurmctld.pid
SlurmdPidFile=$tmp/slurmd.pid
SlurmctldLogFile=$tmp/slurmctld.log
SlurmdLogFile=$tmp/slurmd.log
PlugStackConfig=$tmp/plugstack.conf
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/builtin
# Batch jobs wait up to 3 s by default to be started in bulk; these tasks
# are over in a fraction of that.
SchedulerParameters=batch_sched_delay=0
MpiDefault=none
MailProg=/bin/true
ReturnToService=2
# sbatch --wait polls at 2 s, then 8 s, then 32 s unless jobs may be purged
# sooner (it waits at most half of MinJobAge): 4 keeps it at 2 s.
MinJobAge=4
NodeName=$host NodeAddr=127.0.0.1 CPUs=$(nproc) State=UNKNOWN
PartitionName=dlxtest Nodes=$host Default=YES MaxTime=INFINITE State=UP
END
: > "$tmp/plugstack.conf"
SLURM_CONF=$conf
export SLURM_CONF
slurmctld -D -c -f "$conf" > "$tmp/slurmctld.out" 2>&1 &
pids="$! $pids"
slurmd -D -f "$conf" -N "$host" > "$tmp/slurmd.out" 2>&1 &
pids="$! $pids"
i=0
until [ "$(sinfo -h -n "$host" -o %t 2> /dev/null)" = idle ]; do
	i=$((i + 1))
	[ "$i" -le 60 ] || logs "the node did not register with slurmctld as idle in 30 s"
	sleep 0.5
done
echo "a one-node Slurm cluster is up: node $host, $(nproc) CPUs, ports $ctld_port and $slurmd_port"

# The recipe runs `dlx` and `dlx-sum-parts` from PATH, in the problem's folder.
ln -s "$dlx" "$tmp/bin/dlx"
ln -s "$sum" "$tmp/bin/dlx-sum-parts"
PATH=$tmp/bin:$PATH
export PATH
cd "$tmp/work" || exit 1
passed=0 failed=0
check() { # name expected actual
	if [ "$2" = "$3" ]; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL $1: want $2, got $3"; fi
}
# README's heredoc and the command after it, with 8 parts for 64.
sed -n "/^cat > count.sbatch <<'END'\$/,/^END\$/p" "$readme" | sed '1d;$d' |
	sed "s/64/$parts/g" > count.sbatch
cmd=$(grep '^sbatch --wait count.sbatch' "$readme")
check "README's count.sbatch has an array of $parts" 1 "$(grep -c "^#SBATCH --array=1-$parts\$" count.sbatch)"
check "README's recipe command" "sbatch --wait count.sbatch && dlx-sum-parts part-*.txt" "$cmd"
"$queens" 10 > problem.dlx
whole=$(dlx --count --threads 1 problem.dlx)
case $whole in
[1-9]*) ;;
*) check "the whole count" "a number" "'$whole'" ;;
esac
start=$(date +%s)
# A task that never runs must not hang the test: the recipe gets two minutes.
out=$(timeout 120 sh -c "$cmd" 2> recipe.err)
check "the recipe's exit status" 0 $?
echo "the recipe ran in $(($(date +%s) - start)) s"
# sbatch prints the job's number, then dlx-sum-parts the total.
check "sbatch's line" 1 "$(echo "$out" | grep -c '^Submitted batch job [0-9]*$')"
check "sum of the parts" "$whole" "$(echo "$out" | tail -n 1)"
check "$parts part files" "$parts" "$(cat part-*.txt | grep -c "^part [0-9]*/$parts: [0-9]*\$")"
# The tasks' standard error (Slurm's slurm-JOB_TASK.out) is empty when all went well.
check "the tasks' messages" "" "$(cat slurm-*.out recipe.err)"
# A task lost on the way must make the sum fail, not come out smaller.
rm part-1.txt
if dlx-sum-parts part-*.txt > /dev/null 2>&1; then
	check "a missing part is an error" fail ok
else
	check "a missing part is an error" 1 1
fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
