#define _POSIX_C_SOURCE 200809L
#include "cli.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

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

int cli_poll(void *ctx, const dlx_stats *so_far)
{
	struct cli_limits *lim = ctx;
	(void)so_far;
	if (cli_stop_signal)
		return 1;
	if (lim->deadline > 0 && cli_now() >= lim->deadline) {
		lim->timed_out = true;
		return 1;
	}
	return 0;
}
