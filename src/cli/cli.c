#define _POSIX_C_SOURCE 200809L
#include "cli.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

volatile sig_atomic_t cli_stop_signal;

bool cli_parse_u64(const char *s, uint64_t *out)
{
	if (!s || *s < '0' || *s > '9')
		return false;
	uint64_t v = 0;
	for (; *s; s++) {
		if (*s < '0' || *s > '9')
			return false;
		unsigned d = (unsigned)(*s - '0');
		if (v > (UINT64_MAX - d) / 10)
			return false;
		v = v * 10 + d;
	}
	*out = v;
	return true;
}

bool cli_parse_seconds(const char *s, double *out)
{
	if (!s || !((*s >= '0' && *s <= '9') || *s == '.'))
		return false;
	char *end;
	errno = 0;
	double v = strtod(s, &end);
	if (errno || *end || !(v >= 0) || v > 1e9)
		return false;
	*out = v;
	return true;
}

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

void cli_limits_init(struct cli_limits *lim, const char *prog, double time_limit, enum cli_progress_mode mode)
{
	memset(lim, 0, sizeof *lim);
	lim->prog = prog;
	lim->start = cli_now();
	if (time_limit > 0)
		lim->deadline = lim->start + time_limit;
	lim->tty = isatty(STDERR_FILENO);
	lim->progress = mode == CLI_PROGRESS_ON || (mode == CLI_PROGRESS_AUTO && lim->tty);
	/* Short searches print nothing: the first report comes after 2 seconds. */
	lim->next_report = lim->start + 2.0;
}

static void report(struct cli_limits *lim, const dlx_stats *s, double now)
{
	double secs = now - lim->start;
	double rate = secs > 0 ? (double)s->nodes / secs : 0;
	char eta[32] = "";
	if (s->progress > 0.001 && s->progress < 1)
		snprintf(eta, sizeof eta, ", about %.0f s left", secs * (1 - s->progress) / s->progress);
	fprintf(stderr, "%s%s: %.1f%% done (estimate), %" PRIu64 " solutions, %.3g nodes/s, %.0f s%s%s",
		lim->tty ? "\r" : "", lim->prog, 100 * s->progress, s->solutions, rate, secs, eta,
		lim->tty ? "\033[K" : "\n");
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
		report(lim, so_far, now);
		lim->next_report = now + (lim->tty ? 1.0 : 5.0);
	}
	return 0;
}

void cli_progress_end(struct cli_limits *lim)
{
	if (lim->reported && lim->tty)
		fputc('\n', stderr);
	lim->reported = false;
}

bool cli_parse_part(const char *s, uint32_t max, uint32_t *k, uint32_t *m)
{
	const char *slash = s ? strchr(s, '/') : NULL;
	if (!slash || slash == s || (size_t)(slash - s) > 20)
		return false;
	char kbuf[24];
	memcpy(kbuf, s, (size_t)(slash - s));
	kbuf[slash - s] = '\0';
	uint64_t kv, mv;
	if (!cli_parse_u64(kbuf, &kv) || !cli_parse_u64(slash + 1, &mv))
		return false;
	if (kv < 1 || kv > mv || mv > max)
		return false;
	*k = (uint32_t)kv;
	*m = (uint32_t)mv;
	return true;
}

unsigned cli_online_cores(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);
	return n < 1 ? 1 : n > 1024 ? 1024 : (unsigned)n;
}
