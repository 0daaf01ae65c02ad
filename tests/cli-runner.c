/*
 * cli-runner: fork/execv a program with its output in temporary files.
 *
 * Temporary files rather than pipes: the child may write any amount to both
 * streams while we wait, and a file never blocks it, so there is no deadlock
 * and no need for a poll loop over two pipes.
 */
#define _POSIX_C_SOURCE 200809L
#include "cli-runner.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

double runner_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

void runner_sleep(double seconds)
{
	if (seconds <= 0)
		return;
	struct timespec ts;
	ts.tv_sec = (time_t)seconds;
	ts.tv_nsec = (long)((seconds - (double)ts.tv_sec) * 1e9);
	while (nanosleep(&ts, &ts) != 0 && errno == EINTR)
		;
}

static int set_cloexec(int fd)
{
	int fl = fcntl(fd, F_GETFD);
	return fl < 0 ? -1 : fcntl(fd, F_SETFD, fl | FD_CLOEXEC);
}

/* An unlinked temporary file, so nothing is left behind whatever happens to us. */
static int temp_file(void)
{
	const char *dir = getenv("TMPDIR");
	if (!dir || !*dir)
		dir = "/tmp";
	size_t n = strlen(dir) + sizeof "/dlx-cli-XXXXXX";
	char *path = malloc(n);
	if (!path)
		return -1;
	snprintf(path, n, "%s/dlx-cli-XXXXXX", dir);
	int fd = mkstemp(path);
	if (fd >= 0) {
		unlink(path);
		/* Other children started later must not inherit it. */
		set_cloexec(fd);
	}
	free(path);
	return fd;
}

static void close_if_open(int *fd)
{
	if (*fd >= 0) {
		close(*fd);
		*fd = -1;
	}
}

/* In the child: only async-signal-safe calls, since the parent may be threaded. */
static void child_exec(const struct runner_cmd *cmd, char *const *exec_argv, int in_fd, int out_fd, int err_fd,
		       int report_fd)
{
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sigemptyset(&sa.sa_mask);
	/* Ignored signals survive exec; give the program the dispositions a shell would. */
	sa.sa_handler = SIG_DFL;
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sa.sa_handler = cmd->ignore_sigpipe ? SIG_IGN : SIG_DFL;
	sigaction(SIGPIPE, &sa, NULL);
	sigset_t none;
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);

	if (dup2(in_fd, 0) < 0 || dup2(out_fd, 1) < 0 || dup2(err_fd, 2) < 0)
		goto fail;
	execv(exec_argv[0], exec_argv);
fail:;
	int e = errno;
	ssize_t w = write(report_fd, &e, sizeof e);
	(void)w;
	_exit(127);
}

bool runner_wrapped(void)
{
	const char *w = getenv("DLX_TEST_WRAPPER");
	return w && *w;
}

double runner_slowdown(void)
{
	return runner_wrapped() ? 50.0 : 1.0;
}

/*
 * The argv to exec: cmd's own, or with DLX_TEST_WRAPPER set (by the
 * valgrind test setup) the wrapper's words, then cmd->path and cmd's
 * arguments.  Built before fork, since the child may only make
 * async-signal-safe calls.  NULL with errno set when memory is short.
 */
static char **wrapped_argv(const struct runner_cmd *cmd)
{
	size_t nargs = 0;
	while (cmd->argv[nargs])
		nargs++;
	if (!runner_wrapped()) {
		char **a = malloc((nargs + 1) * sizeof *a);
		if (!a)
			return NULL;
		a[0] = (char *)cmd->path;
		for (size_t k = 1; k <= nargs; k++)
			a[k] = cmd->argv[k];
		return a;
	}
	char *words = strdup(getenv("DLX_TEST_WRAPPER"));
	char **a = words ? malloc((strlen(words) / 2 + 2 + nargs + 1) * sizeof *a) : NULL;
	if (!a) {
		free(words);
		return NULL;
	}
	size_t n = 0;
	for (char *save = NULL, *w = strtok_r(words, " ", &save); w; w = strtok_r(NULL, " ", &save))
		a[n++] = w;
	a[n++] = (char *)cmd->path;
	for (size_t k = 1; k < nargs; k++)
		a[n++] = cmd->argv[k];
	a[n] = NULL;
	return a;
}

static void free_wrapped(char **a, const struct runner_cmd *cmd)
{
	(void)cmd;
	if (!a)
		return;
	/* With a wrapper, a[0] is the start of the strdup'ed word buffer. */
	if (runner_wrapped())
		free(a[0]);
	free(a);
}

int runner_spawn(const struct runner_cmd *cmd, struct runner_proc *proc)
{
	int in_fd = -1, out_fd = -1, err_fd = -1, rep[2] = { -1, -1 };
	int e;
	char **exec_argv = NULL;
	proc->pid = -1;
	proc->out_fd = proc->err_fd = -1;

	in_fd = open(cmd->stdin_path ? cmd->stdin_path : "/dev/null", O_RDONLY);
	if (in_fd < 0)
		goto fail;
	set_cloexec(in_fd);
	if (cmd->stdout_fd < 0 && (out_fd = temp_file()) < 0)
		goto fail;
	if ((err_fd = temp_file()) < 0)
		goto fail;
	/* The child reports a failed exec through this pipe; a successful exec closes it. */
	if (pipe(rep) != 0 || set_cloexec(rep[0]) != 0 || set_cloexec(rep[1]) != 0)
		goto fail;

	exec_argv = wrapped_argv(cmd);
	if (!exec_argv)
		goto fail;
	proc->start = runner_now();
	pid_t pid = fork();
	if (pid < 0)
		goto fail;
	if (pid == 0)
		child_exec(cmd, exec_argv, in_fd, cmd->stdout_fd >= 0 ? cmd->stdout_fd : out_fd, err_fd, rep[1]);

	close_if_open(&rep[1]);
	close_if_open(&in_fd);
	int child_errno;
	ssize_t got;
	while ((got = read(rep[0], &child_errno, sizeof child_errno)) < 0 && errno == EINTR)
		;
	close_if_open(&rep[0]);
	if (got == (ssize_t)sizeof child_errno) {
		while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
			;
		errno = child_errno;
		goto fail;
	}
	free_wrapped(exec_argv, cmd);
	proc->pid = pid;
	proc->out_fd = out_fd;
	proc->err_fd = err_fd;
	return 0;

fail:
	e = errno;
	free_wrapped(exec_argv, cmd);
	close_if_open(&in_fd);
	close_if_open(&out_fd);
	close_if_open(&err_fd);
	close_if_open(&rep[0]);
	close_if_open(&rep[1]);
	errno = e;
	return -1;
}

/* Reads a whole temporary file from its start; the child moved the shared offset. */
static int slurp(int fd, char **buf, size_t *len)
{
	struct stat sb;
	*buf = NULL;
	*len = 0;
	if (fstat(fd, &sb) != 0 || lseek(fd, 0, SEEK_SET) < 0)
		return -1;
	size_t cap = (size_t)sb.st_size + 1, n = 0;
	char *b = malloc(cap);
	if (!b)
		return -1;
	for (;;) {
		if (n + 1 == cap) {
			char *nb = realloc(b, cap * 2);
			if (!nb) {
				free(b);
				return -1;
			}
			b = nb;
			cap *= 2;
		}
		ssize_t r = read(fd, b + n, cap - 1 - n);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			free(b);
			return -1;
		}
		if (r == 0)
			break;
		n += (size_t)r;
	}
	b[n] = '\0';
	*buf = b;
	*len = n;
	return 0;
}

int runner_wait(struct runner_proc *proc, double timeout, struct runner_result *res)
{
	memset(res, 0, sizeof *res);
	int ws = 0, rc = 0, e = 0;
	double deadline = proc->start + timeout;
	/* Polling keeps the timeout free of SIGCHLD/SIGALRM handlers, which Check also uses. */
	for (;;) {
		pid_t w = waitpid(proc->pid, &ws, WNOHANG);
		if (w == proc->pid)
			break;
		if (w < 0 && errno != EINTR) {
			e = errno;
			rc = -1;
			break;
		}
		if (runner_now() >= deadline) {
			kill(proc->pid, SIGKILL);
			while (waitpid(proc->pid, &ws, 0) < 0 && errno == EINTR)
				;
			res->timed_out = true;
			break;
		}
		runner_sleep(0.002);
	}
	res->seconds = runner_now() - proc->start;
	if (rc == 0) {
		if (WIFSIGNALED(ws)) {
			res->signaled = true;
			res->status = 128 + WTERMSIG(ws);
		} else {
			res->status = WEXITSTATUS(ws);
		}
		if ((proc->out_fd >= 0 && slurp(proc->out_fd, &res->out, &res->out_len) != 0) ||
		    slurp(proc->err_fd, &res->err, &res->err_len) != 0) {
			e = errno;
			rc = -1;
		}
	}
	close_if_open(&proc->out_fd);
	close_if_open(&proc->err_fd);
	proc->pid = -1;
	if (rc != 0) {
		runner_result_free(res);
		errno = e;
	}
	return rc;
}

int runner_run(const struct runner_cmd *cmd, double timeout, struct runner_result *res)
{
	struct runner_proc proc;
	memset(res, 0, sizeof *res);
	if (runner_spawn(cmd, &proc) != 0)
		return -1;
	return runner_wait(&proc, timeout, res);
}

void runner_result_free(struct runner_result *res)
{
	free(res->out);
	free(res->err);
	res->out = res->err = NULL;
	res->out_len = res->err_len = 0;
}
