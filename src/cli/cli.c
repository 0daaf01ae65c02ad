/* The shared helpers of the command-line programs (cli.h). */
#define _GNU_SOURCE /* sched_getaffinity(), CPU_COUNT() */
#include "cli.h"

#include <errno.h>
#include <stdatomic.h>
#include <inttypes.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

volatile sig_atomic_t cli_stop_signal;

double cli_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void on_signal(int sig)
{
	cli_stop_signal = sig;
}

void cli_catch_signals(void)
{
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
}

void cli_catch_hangup(void)
{
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGHUP, &sa, NULL);
}

void cli_limits_init(struct cli_limits *lim, const char *prog, double time_limit, enum cli_progress_mode mode)
{
	memset(lim, 0, sizeof *lim);
	lim->prog = prog;
	lim->start = cli_now();
	if (time_limit > 0)
		lim->deadline = lim->start + time_limit;
	lim->tty = isatty(STDERR_FILENO);
	lim->out_tty = lim->tty && isatty(STDOUT_FILENO);
	lim->progress = mode == CLI_PROGRESS_ON || (mode == CLI_PROGRESS_AUTO && lim->tty);
	/* Short searches print nothing: the first report comes after 2 seconds. */
	lim->next_report = lim->start + 2.0;
}

static void report_progress(struct cli_limits *lim, const dlx_stats *s, double now)
{
	double secs = now - lim->start;
	double rate = secs > 0 ? (double)s->nodes / secs : 0;
	char eta[32] = "", done[32] = "no estimate", speed[32] = "";
	if (s->progress > 0.001 && s->progress < 1)
		snprintf(eta, sizeof eta, ", about %.0f s left", secs * (1 - s->progress) / s->progress);
	/*
	 * Negative: an engine with no tree, so no share of it done: the sudoku
	 * local search (its moves for nodes) or SAT (none counted).
	 */
	if (s->progress >= 0)
		snprintf(done, sizeof done, "%.1f%% done (estimate)", 100 * s->progress);
	if (s->progress >= 0 || s->nodes)
		snprintf(speed, sizeof speed, ", %.3g %s/s", rate, s->progress >= 0 ? "nodes" : "moves");
	fprintf(stderr, "%s%s: %s, %" PRIu64 " solutions%s, %.0f s%s%s", lim->tty ? "\r" : "", lim->prog, done,
		s->solutions, speed, secs, eta, lim->tty ? "\033[K" : "\n");
	fflush(stderr);
	lim->reported = true;
}

int cli_poll(void *ctx, const dlx_stats *so_far)
{
	struct cli_limits *lim = ctx;
	if (cli_stop_signal)
		return 1;
	if (lim->deadline <= 0 && !lim->progress)
		return 0;
	double now = cli_now();
	if (lim->deadline > 0 && now >= lim->deadline) {
		lim->timed_out = true;
		return 1;
	}
	if (lim->progress && now >= lim->next_report) {
		report_progress(lim, so_far, now);
		lim->next_report = now + (lim->tty ? 1.0 : 5.0);
	}
	return 0;
}

void cli_progress_before_output(struct cli_limits *lim)
{
	if (lim->out_tty)
		cli_progress_end(lim);
}

void cli_progress_end(struct cli_limits *lim)
{
	if (lim->reported && lim->tty)
		fputc('\n', stderr);
	lim->reported = false;
}

unsigned cli_usable_cores(void)
{
	/*
	 * The CPUs this process may run on, as nproc counts them: under taskset,
	 * a cgroup's cpuset or a Slurm task's allocation, fewer than the
	 * machine's, and as many threads as the machine has cores would share
	 * them.  (Also one system call, where the online count reads a file.)
	 * A machine past the set's 1,024 CPUs makes the call fail: the online
	 * count then.
	 */
	cpu_set_t set;
	if (sched_getaffinity(0, sizeof set, &set) == 0) {
		int n = CPU_COUNT(&set);
		if (n >= 1)
			return (unsigned)n;
	}
	long n = sysconf(_SC_NPROCESSORS_ONLN);
	return n < 1 ? 1 : n > 1024 ? 1024 : (unsigned)n;
}

struct cli_stop cli_stop_classify(dlx_stop_reason stop, const struct cli_limits *lim)
{
	struct cli_stop s = { NULL, false, 0 };
	if (stop == DLX_STOP_NODE_LIMIT) {
		s.why = "stopped at node limit";
		s.status = CLI_EXIT_STOPPED;
	} else if (stop == DLX_STOP_POLL && lim->timed_out) {
		s.why = "stopped at time limit";
		s.status = CLI_EXIT_STOPPED;
	} else if (stop == DLX_STOP_POLL) {
		s.status = cli_interrupted_status();
		s.why = cli_interruption(s.status - 128);
		s.interrupted = true;
	}
	return s;
}

int cli_interrupted_status(void)
{
	int sig = cli_stop_signal;
	return 128 + (sig ? sig : SIGINT);
}

const char *cli_interruption(int sig)
{
	return sig == SIGTERM ? "interrupted by SIGTERM" : sig == SIGHUP ? "interrupted by SIGHUP" : "interrupted by SIGINT";
}

FILE *cli_open_input(const char *prog, const char *path, const char **name)
{
	bool use_stdin = strcmp(path, "-") == 0;
	*name = use_stdin ? "<stdin>" : path;
	FILE *in = use_stdin ? stdin : fopen(path, "r");
	if (!in)
		fprintf(stderr, "%s: %s: %s\n", prog, *name, strerror(errno));
	return in;
}

/* Where a path leads: its file, or, when there is none yet, its directory and last name. */
struct file_id {
	bool exists;
	dev_t dev;
	ino_t ino;
	const char *name; /* the last name, when !exists */
};

/* Fills *id; false when the path is neither a regular file nor a name that can be created. */
static bool file_id_of(const char *path, bool is_stdio, int fd, struct file_id *id)
{
	struct stat st;
	if (is_stdio ? fstat(fd, &st) == 0 : stat(path, &st) == 0) {
		*id = (struct file_id){ true, st.st_dev, st.st_ino, NULL };
		return S_ISREG(st.st_mode);
	}
	if (is_stdio || errno != ENOENT)
		return false;
	const char *slash = strrchr(path, '/');
	char dir[4096] = ".";
	if (slash) {
		size_t n = slash == path ? 1 : (size_t)(slash - path);
		if (n >= sizeof dir)
			return false;
		memcpy(dir, path, n);
		dir[n] = '\0';
	}
	if (stat(dir, &st) != 0)
		return false;
	*id = (struct file_id){ false, st.st_dev, st.st_ino, slash ? slash + 1 : path };
	return *id->name != '\0';
}

static bool same_file(const struct file_id *a, const struct file_id *b)
{
	return a->exists == b->exists && a->dev == b->dev && a->ino == b->ino &&
		(a->exists || strcmp(a->name, b->name) == 0);
}

static bool clashes(const char *prog, const char *option, const char *shown, const struct file_id *out,
	const char *const *others, const char *const *others_opt, size_t n, const char *path)
{
	for (size_t k = 0; k < n; k++) {
		struct file_id o;
		/* "-" is standard input: `dlx -o p.dlx < p.dlx` empties p.dlx as surely. */
		bool is_stdin = others[k] && strcmp(others[k], "-") == 0;
		if (!others[k] || others[k] == path || !file_id_of(others[k], is_stdin, STDIN_FILENO, &o))
			continue;
		if (same_file(&o, out)) {
			fprintf(stderr, "%s: %s%s%s is also %s%s%s: one file cannot be both\n", prog,
				option, *option ? " " : "", shown, others_opt[k], *others_opt[k] ? " " : "",
				is_stdin ? "(standard input)" : others[k]);
			return true;
		}
	}
	return false;
}

bool cli_output_clashes(const char *prog, const char *option, const char *path, const char *const *others,
	const char *const *others_opt, size_t n)
{
	struct file_id out;
	if (!path || strcmp(path, "-") == 0 || !file_id_of(path, false, -1, &out))
		return false;
	return clashes(prog, option, path, &out, others, others_opt, n, path);
}

bool cli_stdout_clashes(const char *prog, const char *const *others, const char *const *others_opt, size_t n)
{
	struct file_id out;
	if (!file_id_of(NULL, true, STDOUT_FILENO, &out))
		return false;
	return clashes(prog, "", "standard output", &out, others, others_opt, n, NULL);
}

void cli_close_input(FILE *in)
{
	if (in && in != stdin)
		fclose(in);
}

void cli_input_error(const char *prog, const char *name, size_t line, const char *message)
{
	if (line)
		fprintf(stderr, "%s: %s:%zu: %s\n", prog, name, line, message);
	else
		fprintf(stderr, "%s: %s: %s\n", prog, name, message);
}

/*
 * The errno of the first write to stdout that failed.  errno itself is
 * stale by the end of a run (an isatty() leaves ENOTTY), and a write that
 * failed in a worker thread set another thread's errno.
 */
static atomic_int write_errno;

bool cli_wrote(bool ok)
{
	if (!ok) {
		int none = 0, e = errno ? errno : EIO;
		atomic_compare_exchange_strong(&write_errno, &none, e);
	}
	return ok;
}

/* Standard output's file when an option reopened it there; NULL for standard output itself. */
static const char *output_name;

void cli_name_output(const char *name)
{
	output_name = name;
}

int cli_finish_output(const char *prog, bool write_failed, int status)
{
	bool flushed = cli_wrote(fflush(stdout) == 0);
	if (!flushed || ferror(stdout) || write_failed) {
		int e = atomic_load(&write_errno);
		/* A closed pipe ends the output the reader wanted: not worth a message. */
		if (e != EPIPE)
			fprintf(stderr, "%s: %s%swrite error: %s\n", prog, output_name ? output_name : "",
				output_name ? ": " : "", e ? strerror(e) : "unknown");
		return CLI_EXIT_FAILURE;
	}
	return status;
}
