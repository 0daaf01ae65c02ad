/*
 * startup-time: how long whole runs of small commands take, the process's
 * start-up included, which a timer inside a program cannot see (the
 * dynamic loader, the libraries' initialisers, the kernel mapping the
 * binary).  Each command runs RUNS times, the commands taking turns (so
 * that a machine's drift falls on all of them alike), each run spawned
 * with its own standard input and its output discarded; prints per
 * command the median wall time, its quartiles, the mean CPU time (user +
 * system, from wait4()) and the mean number of page faults.
 *
 * usage: startup-time RUNS 'NAME|STDIN|PROGRAM ARGS...' ...
 *   STDIN empty for none; PROGRAM a path (no PATH search); ARGS split at spaces.
 * example (BENCHMARKS.md, "Start-up"):
 *   build/tools/startup-time 1000 'dlx||build/src/cli/dlx --best a10.dlx' 'dlx5|a10.dlx|./dlx5'
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

#define MAX_COMMANDS 16
#define MAX_ARGS 64

struct command {
	char *name, *in;
	char *argv[MAX_ARGS + 1];
	double *wall;    /* microseconds, one per run */
	double cpu;      /* microseconds, all runs */
	double faults;   /* page faults (minor and major), all runs */
};

static int by_value(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

static double us_between(const struct timespec *a, const struct timespec *b)
{
	return (double)(b->tv_sec - a->tv_sec) * 1e6 + (double)(b->tv_nsec - a->tv_nsec) / 1e3;
}

int main(int argc, char **argv)
{
	long runs = argc > 2 ? strtol(argv[1], NULL, 10) : 0;
	int n = argc - 2;
	if (runs < 1 || runs > 1000000 || n < 1 || n > MAX_COMMANDS) {
		fprintf(stderr, "usage: startup-time RUNS 'NAME|STDIN|PROGRAM ARGS...' ... (at most %d commands)\n",
			MAX_COMMANDS);
		return 2;
	}
	struct command cmd[MAX_COMMANDS];
	for (int c = 0; c < n; c++) {
		char *s = argv[c + 2];
		cmd[c].name = strsep(&s, "|");
		cmd[c].in = strsep(&s, "|");
		int k = 0;
		for (char *w; s && (w = strsep(&s, " ")) != NULL;)
			if (*w && k < MAX_ARGS)
				cmd[c].argv[k++] = w;
		cmd[c].argv[k] = NULL;
		cmd[c].wall = calloc((size_t)runs, sizeof *cmd[c].wall);
		cmd[c].cpu = 0;
		cmd[c].faults = 0;
		if (!cmd[c].in || k == 0 || !cmd[c].wall) {
			fprintf(stderr, "startup-time: '%s' is not NAME|STDIN|PROGRAM ARGS...\n", argv[c + 2]);
			return 2;
		}
	}
	int devnull = open("/dev/null", O_WRONLY);
	if (devnull < 0) {
		perror("startup-time: /dev/null");
		return 1;
	}
	for (long r = 0; r < runs; r++)
		for (int c = 0; c < n; c++) {
			posix_spawn_file_actions_t fa;
			posix_spawn_file_actions_init(&fa);
			if (*cmd[c].in)
				posix_spawn_file_actions_addopen(&fa, 0, cmd[c].in, O_RDONLY, 0);
			posix_spawn_file_actions_adddup2(&fa, devnull, 1);
			posix_spawn_file_actions_adddup2(&fa, devnull, 2);
			struct timespec t0, t1;
			struct rusage ru;
			pid_t pid;
			int st;
			clock_gettime(CLOCK_MONOTONIC, &t0);
			int e = posix_spawn(&pid, cmd[c].argv[0], &fa, NULL, cmd[c].argv, environ);
			if (e) {
				fprintf(stderr, "startup-time: %s: %s\n", cmd[c].argv[0], strerror(e));
				return 1;
			}
			if (wait4(pid, &st, 0, &ru) < 0) {
				perror("startup-time: wait4");
				return 1;
			}
			clock_gettime(CLOCK_MONOTONIC, &t1);
			posix_spawn_file_actions_destroy(&fa);
			if (!WIFEXITED(st) || WEXITSTATUS(st) == 127) {
				fprintf(stderr, "startup-time: %s did not run (status %d)\n", cmd[c].name, st);
				return 1;
			}
			cmd[c].wall[r] = us_between(&t0, &t1);
			cmd[c].cpu += (double)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1e6 +
				(double)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec);
			cmd[c].faults += (double)(ru.ru_minflt + ru.ru_majflt);
		}
	for (int c = 0; c < n; c++) {
		double *w = cmd[c].wall;
		qsort(w, (size_t)runs, sizeof *w, by_value);
		printf("%-12s median %8.1f us  quartiles %8.1f - %8.1f  cpu mean %8.1f us  faults %6.1f\n", cmd[c].name,
			w[runs / 2], w[runs / 4], w[3 * runs / 4], cmd[c].cpu / (double)runs, cmd[c].faults / (double)runs);
		free(w);
	}
	return 0;
}
