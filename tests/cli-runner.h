/* cli-runner: run a program as a child process and collect what it did, for the CLI tests. */
#ifndef DLX_CLI_RUNNER_H
#define DLX_CLI_RUNNER_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

/* What to run and how to wire it up. */
struct runner_cmd {
	const char *path;        /* executable, run with execv (no PATH search, no shell) */
	char *const *argv;       /* argv[0] included, NULL-terminated */
	const char *stdin_path;  /* file for stdin; NULL means /dev/null */
	int stdout_fd;           /* -1: capture stdout; else this descriptor becomes stdout */
	bool ignore_sigpipe;     /* run the child with SIGPIPE ignored (else SIG_DFL) */
};

/* A started child; its stdout and stderr go to unlinked temporary files. */
struct runner_proc {
	pid_t pid;
	int out_fd;    /* -1 when stdout was not captured */
	int err_fd;
	double start;  /* monotonic seconds at spawn */
};

/* The outcome of a run. */
struct runner_result {
	int status;       /* exit code, or 128+signal when killed by a signal */
	bool signaled;
	bool timed_out;   /* killed by us because the timeout passed */
	double seconds;   /* wall time from spawn to exit */
	char *out;        /* captured stdout, NUL-terminated (NULL if not captured) */
	size_t out_len;
	char *err;        /* captured stderr, NUL-terminated */
	size_t err_len;
};

/*
 * Starts cmd.  Returns 0, or -1 with errno set when the temporary files,
 * stdin, fork or exec failed (an exec failure is reported here, not as a
 * mysterious exit status of 127).
 */
int runner_spawn(const struct runner_cmd *cmd, struct runner_proc *proc);

/*
 * Waits for the child at most timeout seconds (then kills it with SIGKILL
 * and sets timed_out), reads what it wrote and releases proc.
 * Returns 0, or -1 with errno set if waiting or reading failed.
 */
int runner_wait(struct runner_proc *proc, double timeout, struct runner_result *res);

/* runner_spawn() then runner_wait(). */
int runner_run(const struct runner_cmd *cmd, double timeout, struct runner_result *res);

/* Frees the buffers of a result (not the struct). */
void runner_result_free(struct runner_result *res);

/*
 * True when DLX_TEST_WRAPPER is set (the valgrind test setup does): every
 * program is then run under it, as "WRAPPER... path args...", and runs
 * some 20 to 50 times slower, so timeouts and speed checks scale by
 * runner_slowdown().
 */
bool runner_wrapped(void);

/* 1, or 50 under a wrapper. */
double runner_slowdown(void);

/* Seconds on a monotonic clock. */
double runner_now(void);

/* Sleeps for the given number of seconds, resuming after signals. */
void runner_sleep(double seconds);

#endif
