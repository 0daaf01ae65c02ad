/*
 * The "limits" suite: dlx and dlx-sudoku at the edges of their input and of
 * the machine, where golden files do not reach: megabyte lines, a million
 * options read with bounded memory, searches cut short by limits and
 * signals, a closed stdout, and allocations that fail for real under a low
 * address-space limit.
 *
 * Inputs are generated into a private temporary directory.  The
 * out-of-memory runs need an ordinary build: sanitizers reserve terabytes of
 * address space and cannot start under `ulimit -v`, so they are skipped when
 * DLX_SANITIZED is set (meson sets it for -Db_sanitize builds); the memory
 * bound is not checked there either, shadow memory inflating the RSS.
 */
#define _POSIX_C_SOURCE 200809L
#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli-runner.h"

#define TIMEOUT 120.0
/* The bound on the peak RSS when reading a huge input. */
#define MAX_RSS_KB (200 * 1024)

static char tmpdir[4096];

static const char *env(const char *name)
{
	const char *v = getenv(name);
	ck_assert_msg(v != NULL && *v, "%s is not set", name);
	return v;
}

static bool sanitized(void)
{
	const char *v = getenv("DLX_SANITIZED");
	return v && *v && strcmp(v, "0") != 0;
}

/* Whether this suite runs under valgrind: main() reads DLX_TEST_WRAPPER, then unsets it. */
static bool wrapped;

/* A path in the temporary directory; the caller frees it. */
static char *tmp_path(const char *name)
{
	size_t n = strlen(tmpdir) + strlen(name) + 2;
	char *p = malloc(n);
	ck_assert_ptr_nonnull(p);
	snprintf(p, n, "%s/%s", tmpdir, name);
	return p;
}

static FILE *create(const char *path)
{
	FILE *f = fopen(path, "w");
	ck_assert_msg(f != NULL, "%s: %s", path, strerror(errno));
	return f;
}

static void finish(FILE *f, const char *path)
{
	ck_assert_msg(!ferror(f) && fclose(f) == 0, "writing %s failed", path);
}

static void run(const char *bin, char **argv, const char *in, struct runner_result *res)
{
	struct runner_cmd rc = { bin, argv, in, -1, false };
	ck_assert_msg(runner_run(&rc, TIMEOUT, res) == 0, "cannot run %s: %s", bin, strerror(errno));
	ck_assert_msg(!res->timed_out, "%s killed after %.0f s", argv[0], TIMEOUT);
}

static size_t count_lines(const char *s, size_t n)
{
	size_t k = 0;
	for (size_t j = 0; j < n; j++)
		k += s[j] == '\n';
	return k;
}

/* The peak RSS of the biggest child waited for so far, in KiB. */
static long children_max_rss(void)
{
	struct rusage ru;
	ck_assert_int_eq(getrusage(RUSAGE_CHILDREN, &ru), 0);
	return ru.ru_maxrss;
}

static void setup(void)
{
	const char *base = getenv("TMPDIR");
	snprintf(tmpdir, sizeof tmpdir, "%s/dlx-limits-XXXXXX", base && *base ? base : "/tmp");
	if (!mkdtemp(tmpdir)) {
		fprintf(stderr, "test-limits: mkdtemp: %s\n", strerror(errno));
		exit(EXIT_FAILURE);
	}
}

static void teardown(void)
{
	static const char *const names[] = { "long.dlx", "long-comment.dlx", "long-name.dlx", "huge.dlx",
		"long.sdk", "max.sdk", "huge.sdk", "big100.sdk", "empty16.sdk", "queens16.dlx", "many-hard.txt",
		"loose.txt" };
	for (size_t k = 0; k < sizeof names / sizeof *names; k++) {
		char *p = tmp_path(names[k]);
		unlink(p);
		free(p);
	}
	rmdir(tmpdir);
}

/*
 * 1 MB lines: about 110 000 items on the item line and all of them in one
 * option; 8 MB, a million, where nothing slows the programs down.  The
 * reader compared each item of an option with those before it: 16 s for
 * 10^5, half an hour for 10^6; now linear, that is about a second.
 */
START_TEST(test_dlx_megabyte_line)
{
	char *path = tmp_path("long.dlx");
	FILE *f = create(path);
	const int n = sanitized() || wrapped ? 110000 : 1000000;
	for (int pass = 0; pass < 2; pass++) {
		for (int k = 0; k < n; k++)
			fprintf(f, "%si%d", k ? " " : "", k);
		fputc('\n', f);
	}
	finish(f, path);
	char *argv[] = { "dlx", "--count", path, NULL };
	struct runner_result res;
	run(env("DLX_BIN"), argv, NULL, &res);
	ck_assert_msg(res.status == 0 && strcmp(res.out, "1\n") == 0, "status %d, out \"%.100s\", err \"%.200s\"",
		      res.status, res.out, res.err);
	runner_result_free(&res);

	/* A megabyte comment, then a megabyte name: skipped, then refused by its line. */
	char *comment = tmp_path("long-comment.dlx");
	f = create(comment);
	fputc('|', f);
	for (int k = 0; k < 1 << 20; k++)
		fputc('c', f);
	fputs("\na b\na\nb\n", f);
	finish(f, comment);
	char *argv2[] = { "dlx", "--count", comment, NULL };
	run(env("DLX_BIN"), argv2, NULL, &res);
	ck_assert_msg(res.status == 0 && strcmp(res.out, "1\n") == 0, "comment: status %d, out \"%.100s\"",
		      res.status, res.out);
	runner_result_free(&res);

	char *name = tmp_path("long-name.dlx");
	f = create(name);
	fputs("a b\n", f);
	for (int k = 0; k < 1 << 20; k++)
		fputc('n', f);
	fputc('\n', f);
	finish(f, name);
	char *argv3[] = { "dlx", name, NULL };
	run(env("DLX_BIN"), argv3, NULL, &res);
	char want[512];
	snprintf(want, sizeof want, "dlx: %s:2: item name longer than 64 characters: '%.40s...'\n", name,
		 "nnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnn");
	ck_assert_int_eq(res.status, 2);
	ck_assert_str_eq(res.err, want);
	runner_result_free(&res);
	free(path);
	free(comment);
	free(name);
}
END_TEST

/*
 * A million options, read and counted exactly with bounded memory: item b
 * has one option and a the other 999 999, so there are 999 999 solutions.
 */
START_TEST(test_dlx_million_options)
{
	char *path = tmp_path("huge.dlx");
	FILE *f = create(path);
	fputs("| a million options\na b\n", f);
	for (int k = 0; k < 999999; k++) {
		fputs("a\n", f);
		if (k == 500000)
			fputs("b\n", f);
	}
	finish(f, path);
	/*
	 * One thread and two: the split into jobs once forced each of a's
	 * million branches on a clone of its own, covering a's column every
	 * time (quadratic: 30,000 copies took 12 s); its jobs are now ranges
	 * of a's options, each clone set up once (0.26 s here).
	 */
	static const char *const threads[] = { "1", "2" };
	struct runner_result res;
	for (int k = 0; k < 2; k++) {
		char *argv[] = { "dlx", "--count", "--threads", (char *)threads[k], path, NULL };
		run(env("DLX_BIN"), argv, NULL, &res);
		ck_assert_msg(res.status == 0, "status %d: %.200s", res.status, res.err);
		ck_assert_str_eq(res.out, "999999\n");
		runner_result_free(&res);
	}

	char *argv2[] = { "dlx", "--numbers", path, NULL };
	run(env("DLX_BIN"), argv2, NULL, &res);
	ck_assert_int_eq(res.status, 0);
	/* b stands on line 500 004: the comment, the item line, then 500 001 a's. */
	ck_assert_str_eq(res.out, "3\n500004\n");
	runner_result_free(&res);
	long rss = children_max_rss();
	fprintf(stderr, "test-limits: peak RSS of dlx on a million options: %ld KiB\n", rss);
	if (!sanitized())
		ck_assert_msg(rss < MAX_RSS_KB, "peak RSS %ld KiB, more than %d", rss, MAX_RSS_KB);
	free(path);
}
END_TEST

/* A line past SUDOKU_LINE_MAX is refused by its number, whatever its length. */
START_TEST(test_sudoku_long_lines)
{
	char *path = tmp_path("long.sdk");
	FILE *f = create(path);
	fputs("1.3.3.1.2.4.4.2.\n", f);
	for (int k = 0; k < 1 << 20; k++)
		fputc('.', f);
	fputc('\n', f);
	finish(f, path);
	char *argv[] = { "dlx-sudoku", path, NULL };
	struct runner_result res;
	run(env("DLX_SUDOKU_BIN"), argv, NULL, &res);
	char want[512];
	snprintf(want, sizeof want, "dlx-sudoku: %s:2: line too long (more than 16384 characters)\n", path);
	ck_assert_int_eq(res.status, 2);
	ck_assert_str_eq(res.err, want);
	ck_assert_str_eq(res.out, "1234341221434321\n");
	runner_result_free(&res);

	/* Exactly the longest line: read, and refused for its length only. */
	char *max = tmp_path("max.sdk");
	f = create(max);
	for (int k = 0; k < 16384; k++)
		fputc('.', f);
	finish(f, max);
	char *argv2[] = { "dlx-sudoku", max, NULL };
	run(env("DLX_SUDOKU_BIN"), argv2, NULL, &res);
	snprintf(want, sizeof want,
		 "dlx-sudoku: %s:1: wrong length: 16384 characters (a puzzle line has 16, 36, 64, 81, 100, 144, 225, 256, 400, 625, 1296, 2401 or 4096)\n",
		 max);
	ck_assert_int_eq(res.status, 2);
	ck_assert_str_eq(res.err, want);
	runner_result_free(&res);
	free(path);
	free(max);
}
END_TEST

/*
 * 100 000 puzzles, where the peak RSS is checked; a tenth under the
 * sanitizers, where it is not (shadow memory) and the whole file takes
 * 20 s, while a tenth still fills a pipe many times over.
 */
static int huge_puzzles(void)
{
	return sanitized() ? 10000 : 100000;
}

static char *huge_sudoku(void)
{
	char *path = tmp_path("huge.sdk");
	FILE *f = create(path);
	for (int k = 0; k < huge_puzzles(); k++)
		fputs(k % 2 ? "1.3.3.1.2.4.4.2.\n" : "................\n", f);
	finish(f, path);
	return path;
}

/* 100 000 puzzles are answered one by one, in memory that does not grow with the input. */
START_TEST(test_sudoku_many_puzzles)
{
	char *path = huge_sudoku();
	char *argv[] = { "dlx-sudoku", "--count", path, NULL };
	struct runner_result res;
	run(env("DLX_SUDOKU_BIN"), argv, NULL, &res);
	ck_assert_msg(res.status == 0, "status %d: %.200s", res.status, res.err);
	ck_assert_uint_eq(count_lines(res.out, res.out_len), (unsigned)huge_puzzles());
	ck_assert_msg(strncmp(res.out, "288\n4\n288\n4\n", 12) == 0, "counts start \"%.20s\"", res.out);
	runner_result_free(&res);
	long rss = children_max_rss();
	fprintf(stderr, "test-limits: peak RSS of dlx-sudoku on %d puzzles: %ld KiB\n", huge_puzzles(), rss);
	if (!sanitized())
		ck_assert_msg(rss < MAX_RSS_KB, "peak RSS %ld KiB, more than %d", rss, MAX_RSS_KB);
	free(path);
}
END_TEST

/* dlx-sudoku answering many puzzles into a pipe nobody reads: a quiet end. */
static void sudoku_closed_stdout(bool ignore_sigpipe)
{
	char *path = huge_sudoku();
	int fds[2];
	ck_assert_int_eq(pipe(fds), 0);
	close(fds[0]);
	char *argv[] = { "dlx-sudoku", path, NULL };
	struct runner_cmd rc = { env("DLX_SUDOKU_BIN"), argv, NULL, fds[1], ignore_sigpipe };
	struct runner_result res;
	int r = runner_run(&rc, TIMEOUT, &res);
	close(fds[1]);
	ck_assert_int_eq(r, 0);
	ck_assert_msg(!res.timed_out, "dlx-sudoku kept running with its stdout closed");
	if (ignore_sigpipe)
		ck_assert_msg(res.status == 3, "exit status %d with SIGPIPE ignored, expected 3", res.status);
	else
		ck_assert_msg(res.status == 128 + SIGPIPE || res.status == 3, "exit status %d", res.status);
	/* A closed pipe is the reader's choice, not an error to report. */
	ck_assert_msg(res.err_len == 0, "stderr: %.200s", res.err);
	runner_result_free(&res);
	free(path);
}

START_TEST(test_sudoku_closed_stdout)
{
	sudoku_closed_stdout(false);
}
END_TEST

START_TEST(test_sudoku_closed_stdout_sigpipe_ignored)
{
	sudoku_closed_stdout(true);
}
END_TEST

/* Checks "count >= N (why)\n" on stdout. */
static void expect_partial_count(const struct runner_result *res, const char *why)
{
	char suffix[64];
	snprintf(suffix, sizeof suffix, " (%s)\n", why);
	size_t sl = strlen(suffix);
	ck_assert_msg(res->out_len > 9 + sl && strncmp(res->out, "count >= ", 9) == 0 &&
			      strcmp(res->out + res->out_len - sl, suffix) == 0 &&
			      strspn(res->out + 9, "0123456789") == res->out_len - 9 - sl,
		      "stdout \"%.200s\", expected \"count >= N%.*s\\n\"", res->out, (int)sl - 1, suffix);
}

static const char empty_16x16[] = "................................................................"
				  "................................................................"
				  "................................................................"
				  "................................................................\n";

static char *stdin_file(const char *name, const char *text)
{
	char *path = tmp_path(name);
	FILE *f = create(path);
	fputs(text, f);
	finish(f, path);
	return path;
}

/* An empty 16x16 board has more solutions than any run can count: only a limit ends it. */
START_TEST(test_sudoku_time_limit)
{
	char *in = stdin_file("empty16.sdk", empty_16x16);
	char *argv[] = { "dlx-sudoku", "--count", "--time-limit", "0.3", NULL };
	struct runner_result res;
	run(env("DLX_SUDOKU_BIN"), argv, in, &res);
	ck_assert_msg(res.status == 4, "exit status %d, expected 4: %.200s", res.status, res.err);
	expect_partial_count(&res, "stopped at time limit");
	ck_assert_msg(res.seconds < 3, "a 0.3 s limit took %.2f s", res.seconds);
	runner_result_free(&res);

	char *argv2[] = { "dlx-sudoku", "--count", "--node-limit", "100000", NULL };
	run(env("DLX_SUDOKU_BIN"), argv2, in, &res);
	ck_assert_msg(res.status == 4, "exit status %d, expected 4: %.200s", res.status, res.err);
	expect_partial_count(&res, "stopped at node limit");
	runner_result_free(&res);

	char *argv3[] = { "dlx-sudoku", "--node-limit", "10", NULL };
	run(env("DLX_SUDOKU_BIN"), argv3, in, &res);
	ck_assert_int_eq(res.status, 4);
	ck_assert_str_eq(res.out, "unknown (stopped at node limit)\n");
	runner_result_free(&res);
	free(in);
}
END_TEST

/* Writes "$DLX_GEN_QUEENS n" to name in the temporary directory; the caller frees the path. */
static char *queens_file(const char *name, int n)
{
	char *path = tmp_path(name);
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	ck_assert_msg(fd >= 0, "%s: %s", path, strerror(errno));
	char num[16];
	snprintf(num, sizeof num, "%d", n);
	char *argv[] = { "dlx-gen-queens", num, NULL };
	struct runner_cmd rc = { env("DLX_GEN_QUEENS"), argv, NULL, fd, false };
	struct runner_result res;
	ck_assert_int_eq(runner_run(&rc, TIMEOUT, &res), 0);
	close(fd);
	ck_assert_int_eq(res.status, 0);
	runner_result_free(&res);
	return path;
}

/* 16 queens has 14,772,512 solutions: far more than 0.3 s counts, on one thread or two. */
START_TEST(test_dlx_time_limit)
{
	char *q16 = queens_file("queens16.dlx", 16);
	static const char *const threads[] = { "1", "2" };
	for (int k = 0; k < 2; k++) {
		char *argv[] = { "dlx", "--count", "--threads", (char *)threads[k], "--time-limit", "0.3", q16, NULL };
		struct runner_result res;
		run(env("DLX_BIN"), argv, NULL, &res);
		ck_assert_msg(res.status == 4, "%s threads: exit status %d, expected 4: %.200s", threads[k], res.status,
			      res.err);
		expect_partial_count(&res, "stopped at time limit");
		ck_assert_msg(res.seconds < 3, "%s threads: a 0.3 s limit took %.2f s", threads[k], res.seconds);
		ck_assert_str_eq(res.err, "");
		runner_result_free(&res);
	}
	unlink(q16);
	free(q16);
}
END_TEST

/* Size of a file, -1 if it cannot be read. */
static long file_size(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 ? (long)st.st_size : -1;
}

/*
 * A file that is written, named as one that is read (through another path
 * too): refused before anything is opened, the input whole.  --output-file
 * had emptied the input first, and dlx-sudoku then said "no puzzle in the
 * input".
 */
START_TEST(test_output_is_an_input)
{
	char *q6 = queens_file("queens6.dlx", 6);
	long before = file_size(q6);
	char *alias = tmp_path("./queens6.dlx");
	const char *const dlx_opts[] = { "--output", "--svg", "--zdd" };
	for (int k = 0; k < 3; k++) {
		char *argv[] = { "dlx", "--all", (char *)dlx_opts[k], alias, q6, NULL };
		struct runner_result res;
		run(env("DLX_BIN"), argv, NULL, &res);
		ck_assert_msg(res.status == 2, "dlx %s: exit status %d: %.200s", dlx_opts[k], res.status, res.err);
		ck_assert_msg(strstr(res.err, "is also the input") != NULL, "dlx %s: %.200s", dlx_opts[k], res.err);
		ck_assert_int_eq(file_size(q6), before);
		runner_result_free(&res);
	}
	/* The same file as standard input. */
	char *argv_stdin[] = { "dlx", "--count", "--output", alias, NULL };
	struct runner_result rs;
	run(env("DLX_BIN"), argv_stdin, q6, &rs);
	ck_assert_msg(rs.status == 2 && strstr(rs.err, "is also the input (standard input)"), "dlx < input: %d %.200s",
		      rs.status, rs.err);
	ck_assert_int_eq(file_size(q6), before);
	runner_result_free(&rs);
	char *puzzles = stdin_file("puzzles.txt", "1...............\n..3.............\n");
	before = file_size(puzzles);
	char *palias = tmp_path("./puzzles.txt");
	char *argv[] = { "dlx-sudoku", "--output-file", palias, puzzles, NULL };
	struct runner_result res;
	run(env("DLX_SUDOKU_BIN"), argv, NULL, &res);
	ck_assert_msg(res.status == 2, "dlx-sudoku: exit status %d: %.200s", res.status, res.err);
	ck_assert_msg(strstr(res.err, "--output-file") && strstr(res.err, "is also the input"), "%.200s", res.err);
	ck_assert_int_eq(file_size(puzzles), before);
	runner_result_free(&res);
	/* Standard output appended to the input: the answers would be read as puzzles without end. */
	int afd = open(puzzles, O_WRONLY | O_APPEND);
	ck_assert_int_ge(afd, 0);
	char *argv_out[] = { "dlx-sudoku", puzzles, NULL };
	struct runner_cmd rc_out = { env("DLX_SUDOKU_BIN"), argv_out, NULL, afd, false };
	ck_assert_int_eq(runner_run(&rc_out, TIMEOUT, &res), 0);
	close(afd);
	ck_assert_msg(res.status == 2 && strstr(res.err, "standard output is also the input"), "stdout: %d %.200s",
		      res.status, res.err);
	ck_assert_int_eq(file_size(puzzles), before);
	runner_result_free(&res);
	/* Two outputs naming one file that does not exist yet: refused, nothing created. */
	char *both = tmp_path("both.out");
	unlink(both);
	char *argv_two[] = { "dlx", "--count", "--checkpoint", both, "--output", both, q6, NULL };
	run(env("DLX_BIN"), argv_two, NULL, &res);
	ck_assert_msg(res.status == 2 && strstr(res.err, "one file cannot be both"), "two outputs: %d %.200s",
		      res.status, res.err);
	ck_assert_int_eq(file_size(both), -1);
	runner_result_free(&res);
	free(both);
	/* A new file, or another one, is written as before. */
	char *fresh = tmp_path("answers.txt");
	unlink(fresh);
	argv[2] = fresh;
	run(env("DLX_SUDOKU_BIN"), argv, NULL, &res);
	ck_assert_msg(res.status == 0, "dlx-sudoku: exit status %d: %.200s", res.status, res.err);
	ck_assert_int_gt(file_size(fresh), 0);
	runner_result_free(&res);
	unlink(fresh);
	unlink(puzzles);
	unlink(q6);
	free(fresh);
	free(palias);
	free(puzzles);
	free(alias);
	free(q6);
}
END_TEST

/*
 * Checks the progress lines of an engine with no tree (SAT, the sudoku
 * local search): at least one, each "PROG: no estimate, S solutions, R
 * moves/s, T s" with moves (R > 0), or without the rate.  They said "0.0%
 * done (estimate)" for the whole run, a share they do not know.
 */
static void expect_progress_no_tree(const struct runner_result *res, const char *prog, bool moves)
{
	size_t lines = 0, plen = strlen(prog);
	for (const char *l = res->err; *l;) {
		const char *nl = strchr(l, '\n');
		ck_assert_msg(nl != NULL, "unterminated progress line: %.200s", l);
		double rate = 0, secs = 0;
		unsigned long long n;
		char rest[64] = "";
		int got;
		if (moves)
			got = sscanf(l + plen, ": no estimate, %llu solutions, %lf moves/s, %lf s%63[^\n]", &n, &rate, &secs,
				     rest) == 3 && rate > 0;
		else
			got = sscanf(l + plen, ": no estimate, %llu solutions, %lf s%63[^\n]", &n, &secs, rest) == 2;
		ck_assert_msg(strncmp(l, prog, plen) == 0 && got && secs >= 2, "bad progress line: %.*s", (int)(nl - l), l);
		lines++;
		l = nl + 1;
	}
	ck_assert_msg(lines >= 1, "no progress line on stderr");
}

/*
 * Checks the progress lines on stderr (not a terminal: plain lines): at
 * least one, each "PROG: P% done (estimate), S solutions, R nodes/s, T s"
 * with an optional ", about X s left", or with batch "PROG: N puzzles
 * done, R puzzles/s, T s".
 */
static void expect_progress(const struct runner_result *res, const char *prog, bool batch)
{
	size_t lines = 0, plen = strlen(prog);
	for (const char *l = res->err; *l;) {
		const char *nl = strchr(l, '\n');
		ck_assert_msg(nl != NULL, "unterminated progress line: %.200s", l);
		ck_assert_msg(strncmp(l, prog, plen) == 0 && l[plen] == ':', "not a progress line: %.*s", (int)(nl - l), l);
		double pct, rate, secs;
		unsigned long long n;
		char rest[64] = "";
		int got;
		if (batch) {
			got = sscanf(l + plen, ": %llu puzzles done, %lf puzzles/s, %lf s%63[^\n]", &n, &rate, &secs, rest);
			ck_assert_msg(got >= 3 && rest[0] == '\0', "bad batch progress line: %.*s", (int)(nl - l), l);
		} else {
			got = sscanf(l + plen, ": %lf%% done (estimate), %llu solutions, %lf nodes/s, %lf s%63[^\n]", &pct,
				     &n, &rate, &secs, rest);
			ck_assert_msg(got >= 4 && pct >= 0 && pct <= 100 && rate > 0 && secs >= 2,
				      "bad progress line: %.*s", (int)(nl - l), l);
			ck_assert_msg(rest[0] == '\0' || strncmp(rest, ", about ", 8) == 0, "bad progress line: %.*s",
				      (int)(nl - l), l);
		}
		lines++;
		l = nl + 1;
	}
	ck_assert_msg(lines >= 1, "no progress line on stderr");
}

/* --progress reports after two seconds; a limit of 2.6 s leaves room for one report. */
START_TEST(test_progress)
{
	char *q16 = queens_file("queens16.dlx", 16);
	static const char *const threads[] = { "1", "2" };
	for (int k = 0; k < 2; k++) {
		char *argv[] = { "dlx", "--count", "--progress", "--threads", (char *)threads[k], "--time-limit", "2.6",
			q16, NULL };
		struct runner_result res;
		run(env("DLX_BIN"), argv, NULL, &res);
		ck_assert_int_eq(res.status, 4);
		expect_partial_count(&res, "stopped at time limit");
		expect_progress(&res, "dlx", false);
		runner_result_free(&res);
	}
	unlink(q16);
	free(q16);

	/*
	 * One long sudoku count reports the core's progress, its search split
	 * over the threads (a lone puzzle: this once found that the read-ahead
	 * which tells a lone puzzle saw the same puzzle twice, so never split).
	 */
	char *in = stdin_file("empty16.sdk", empty_16x16);
	char *argv[] = { "dlx-sudoku", "--count", "--threads", "2", "--progress", "--time-limit", "2.6", NULL };
	struct runner_result res;
	run(env("DLX_SUDOKU_BIN"), argv, in, &res);
	ck_assert_int_eq(res.status, 4);
	expect_partial_count(&res, "stopped at time limit");
	expect_progress(&res, "dlx-sudoku", false);
	runner_result_free(&res);
	free(in);

	/*
	 * A 64x64 puzzle keeping 35% of a grid (none of six answered in 200 N³
	 * moves) by the local search and by SAT: no estimate, the local
	 * search's moves per second.  Without CaDiCaL, --engine sat exits 2.
	 * On two threads a lone puzzle's search is reported too (it said "0
	 * puzzles done" until the end).  4.5 s: CaDiCaL may not poll for a
	 * while (its first inprocessing), and under a loaded machine 2.6 s
	 * once left no poll after the first report's 2 s.
	 */
	{
		char *big = tmp_path("big64.txt");
		int fd = open(big, O_WRONLY | O_CREAT | O_TRUNC, 0600);
		ck_assert_msg(fd >= 0, "%s: %s", big, strerror(errno));
		char *gargv[] = { "dlx-gen-sudoku", "8", "1", "1", "35", NULL };
		struct runner_cmd rc = { env("DLX_GEN_SUDOKU"), gargv, NULL, fd, false };
		ck_assert_int_eq(runner_run(&rc, TIMEOUT, &res), 0);
		close(fd);
		ck_assert_int_eq(res.status, 0);
		runner_result_free(&res);
		static const char *const engines[] = { "local", "sat", "local" };
		for (int e = 0; e < 3; e++) {
			char *bargv[] = { "dlx-sudoku", "--engine", (char *)engines[e], "--threads", e == 2 ? "2" : "1",
				"--progress", "--time-limit", "4.5", big, NULL };
			run(env("DLX_SUDOKU_BIN"), bargv, NULL, &res);
			if (e == 1 && res.status == 2 && strstr(res.err, "CaDiCaL")) {
				runner_result_free(&res);
				continue;
			}
			ck_assert_msg(res.status == 4, "--engine %s: status %d, %s", engines[e], res.status, res.err);
			/* The last line is the time limit's; the rest are progress lines. */
			char *last = strstr(res.err, "dlx-sudoku: stopped");
			if (!last)
				last = strstr(res.err, "dlx-sudoku: 1 puzzles done");
			ck_assert_msg(last != NULL, "--engine %s: %s", engines[e], res.err);
			*last = '\0';
			expect_progress_no_tree(&res, "dlx-sudoku", e != 1);
			runner_result_free(&res);
		}
		unlink(big);
		free(big);
	}

	/*
	 * A file of puzzles reports puzzles done: 100 copies of 200 hard ones,
	 * some 3 s on two threads; 40 under the sanitizers, which run them 5 to
	 * 8 times slower (a report needs 2 s).
	 */
	const char *test_data = env("DLX_TEST_DATA");
	size_t n = strlen(test_data) + sizeof "/sudoku/grade-hard.txt";
	char *hard = malloc(n);
	ck_assert_ptr_nonnull(hard);
	snprintf(hard, n, "%s/sudoku/grade-hard.txt", test_data);
	FILE *src = fopen(hard, "r");
	ck_assert_msg(src != NULL, "%s: %s", hard, strerror(errno));
	char *many = tmp_path("many-hard.txt");
	FILE *out = create(many);
	char line[256];
	const int copies = sanitized() ? 40 : 100;
	for (int copy = 0; copy < copies; copy++) {
		rewind(src);
		while (fgets(line, sizeof line, src))
			fputs(line, out);
	}
	fclose(src);
	finish(out, many);
	char *argv2[] = { "dlx-sudoku", "--unique", "--progress", "--threads", "2", many, NULL };
	run(env("DLX_SUDOKU_BIN"), argv2, NULL, &res);
	ck_assert_int_eq(res.status, 0);
	ck_assert_uint_eq(count_lines(res.out, res.out_len), 200u * copies);
	expect_progress(&res, "dlx-sudoku", true);
	runner_result_free(&res);
	unlink(many);
	free(many);
	free(hard);
}
END_TEST

/*
 * --all on puzzles with thousands of solutions: past 64 KB a worker writes
 * its puzzle's answer itself, once the puzzles before it are out (see
 * HELD_OUT_MAX in dlx-sudoku-worker.c).  Two such puzzles in a row, on two
 * and three threads, must give the one-thread output byte for byte, and
 * not hang waiting for each other.
 */
START_TEST(test_sudoku_all_streams_in_order)
{
	static const char *const loose[] = {
		/* a 17-clue puzzle less one clue: 5027 solutions, 412 KB of answers */
		".................1.....2.3......3.2...1........5....6..3......4.7..8...962...7...\n",
		/* the same less another: 3617 solutions */
		".................1.....2.3......3.2...1.4......5....6..3......4.7......962...7...\n",
	};
	static const char unique[] =
		".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...\n";
	char *path = tmp_path("loose.txt");
	FILE *f = create(path);
	fputs(loose[0], f);
	fputs(loose[1], f);
	fputs(unique, f);
	fputs(loose[0], f);
	fputs(unique, f);
	fputs(unique, f);
	fputs(loose[1], f);
	finish(f, path);
	struct runner_result one;
	char *argv1[] = { "dlx-sudoku", "--all", "--threads", "1", path, NULL };
	run(env("DLX_SUDOKU_BIN"), argv1, NULL, &one);
	ck_assert_int_eq(one.status, 0);
	ck_assert_uint_eq(count_lines(one.out, one.out_len), 2 * 5027 + 2 * 3617 + 3);
	static const char *const threads[] = { "2", "3" };
	for (int k = 0; k < 2; k++) {
		char *argv[] = { "dlx-sudoku", "--all", "--threads", (char *)threads[k], path, NULL };
		struct runner_result res;
		run(env("DLX_SUDOKU_BIN"), argv, NULL, &res);
		ck_assert_int_eq(res.status, 0);
		ck_assert_msg(res.out_len == one.out_len && memcmp(res.out, one.out, one.out_len) == 0,
			      "--threads %s: %zu bytes differ from one thread's %zu", threads[k], res.out_len, one.out_len);
		runner_result_free(&res);
	}
	runner_result_free(&one);
	unlink(path);
	free(path);
}
END_TEST

static void sudoku_interrupted(int sig, const char *name)
{
	char *in = stdin_file("empty16.sdk", empty_16x16);
	char *argv[] = { "dlx-sudoku", "--count", NULL };
	struct runner_cmd rc = { env("DLX_SUDOKU_BIN"), argv, in, -1, false };
	struct runner_proc proc;
	ck_assert_msg(runner_spawn(&rc, &proc) == 0, "cannot run dlx-sudoku: %s", strerror(errno));
	runner_sleep(0.3);
	double sent = runner_now();
	kill(proc.pid, sig);
	struct runner_result res;
	int r = runner_wait(&proc, 0.3 + 10, &res);
	double took = runner_now() - sent;
	ck_assert_int_eq(r, 0);
	ck_assert_msg(!res.timed_out, "dlx-sudoku ignored %s", name);
	ck_assert_msg(took < 0.5, "dlx-sudoku took %.2f s to stop after %s", took, name);
	ck_assert_msg(res.status == 128 + sig, "exit status %d after %s, expected %d", res.status, name, 128 + sig);
	char why[64];
	snprintf(why, sizeof why, "interrupted by %s", name);
	expect_partial_count(&res, why);
	char err[96];
	snprintf(err, sizeof err, "dlx-sudoku: interrupted by %s\n", name);
	ck_assert_str_eq(res.err, err);
	runner_result_free(&res);
	free(in);
}

START_TEST(test_sudoku_sigint)
{
	sudoku_interrupted(SIGINT, "SIGINT");
}
END_TEST

START_TEST(test_sudoku_sigterm)
{
	sudoku_interrupted(SIGTERM, "SIGTERM");
}
END_TEST

/*
 * Runs argv under `ulimit -v kib` (through /bin/sh, so no extra tool is
 * needed) and returns the result.  Used on inputs needing more than that.
 */
static void run_limited(long kib, const char *bin, const char *arg1, const char *arg2, const char *arg3,
			struct runner_result *res)
{
	char limit[64];
	snprintf(limit, sizeof limit, "ulimit -v %ld && exec \"$0\" \"$@\"", kib);
	char *argv[] = { "sh", "-c", limit, (char *)bin, (char *)arg1, (char *)arg2, (char *)arg3, NULL };
	run("/bin/sh", argv, NULL, res);
}

/*
 * Out of memory for real: dlx on a million options and dlx-sudoku on a
 * 100x100 board (about 60 MB of matrix) under address-space limits from
 * too small to start with to almost enough.  Each run either answers
 * correctly or says "out of memory" with status 3; a crash or a wrong
 * answer fails, and at least one run must have hit the limit.
 */
START_TEST(test_out_of_memory)
{
	if (sanitized()) {
		fprintf(stderr, "test-limits: sanitizer build, out-of-memory runs skipped\n");
		return;
	}
	char *huge = tmp_path("huge.dlx");
	FILE *f = create(huge);
	fputs("a b\nb\n", f);
	for (int k = 0; k < 999999; k++)
		fputs("a\n", f);
	finish(f, huge);
	char *board = tmp_path("big100.sdk");
	f = create(board);
	for (int r = 0; r < 100; r++)
		for (int c = 0; c < 100; c++)
			fputs(c < 99 ? "0 " : "0\n", f);
	finish(f, board);

	static const long limits_kib[] = { 8 * 1024, 16 * 1024, 24 * 1024, 32 * 1024, 48 * 1024, 64 * 1024 };
	int dlx_oom = 0, sudoku_oom = 0;
	for (size_t k = 0; k < sizeof limits_kib / sizeof *limits_kib; k++) {
		struct runner_result res;
		run_limited(limits_kib[k], env("DLX_BIN"), "--count", "--threads=1", huge, &res);
		fprintf(stderr, "test-limits: dlx under %ld KiB: status %d, %s", limits_kib[k], res.status,
			res.err_len ? res.err : "no message\n");
		ck_assert_msg(!res.signaled, "dlx under %ld KiB: killed, status %d", limits_kib[k], res.status);
		if (res.status == 0) {
			ck_assert_str_eq(res.out, "999999\n");
		} else if (res.status == 3) {
			char want[512];
			snprintf(want, sizeof want, "dlx: %s: out of memory\n", huge);
			ck_assert_msg(strcmp(res.err, want) == 0 || strcmp(res.err, "dlx: out of memory\n") == 0,
				      "dlx under %ld KiB said \"%s\"", limits_kib[k], res.err);
			/* No count: a failed search's would read as an answer. */
			ck_assert_msg(strcmp(res.out, "") == 0, "stdout \"%.100s\"", res.out);
			dlx_oom++;
		} else {
			/* Under the smallest limits the program may not even load: 127 from the shell. */
			ck_assert_msg(res.status == 127 && strstr(res.err, "dlx:") == NULL,
				      "dlx under %ld KiB: status %d: %s", limits_kib[k], res.status, res.err);
		}
		runner_result_free(&res);

		run_limited(limits_kib[k], env("DLX_SUDOKU_BIN"), "--count", board, NULL, &res);
		fprintf(stderr, "test-limits: dlx-sudoku under %ld KiB: status %d, %s", limits_kib[k], res.status,
			res.err_len ? res.err : "no message\n");
		ck_assert_msg(!res.signaled, "dlx-sudoku under %ld KiB: killed, status %d", limits_kib[k], res.status);
		if (res.status == 3) {
			char want[512];
			snprintf(want, sizeof want, "dlx-sudoku: %s:1: 100x100 board: out of memory\n", board);
			ck_assert_msg(strcmp(res.err, want) == 0 || strcmp(res.err, "dlx-sudoku: out of memory\n") == 0,
				      "dlx-sudoku under %ld KiB said \"%s\"", limits_kib[k], res.err);
			sudoku_oom++;
		} else {
			ck_assert_msg(res.status == 127 && strstr(res.err, "dlx-sudoku:") == NULL,
				      "dlx-sudoku under %ld KiB: status %d: %s", limits_kib[k], res.status, res.err);
		}
		runner_result_free(&res);
	}
	ck_assert_msg(dlx_oom > 0, "dlx never ran out of memory");
	ck_assert_msg(sudoku_oom > 0, "dlx-sudoku never ran out of memory");
	free(huge);
	free(board);
}
END_TEST

static Suite *limits_suite(void)
{
	Suite *s = suite_create("limits");
	TCase *tc = tcase_create("limits");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_dlx_megabyte_line);
	tcase_add_test(tc, test_dlx_million_options);
	tcase_add_test(tc, test_sudoku_long_lines);
	tcase_add_test(tc, test_sudoku_many_puzzles);
	tcase_add_test(tc, test_sudoku_closed_stdout);
	tcase_add_test(tc, test_sudoku_closed_stdout_sigpipe_ignored);
	tcase_add_test(tc, test_sudoku_time_limit);
	tcase_add_test(tc, test_dlx_time_limit);
	tcase_add_test(tc, test_progress);
	tcase_add_test(tc, test_sudoku_all_streams_in_order);
	tcase_add_test(tc, test_sudoku_sigint);
	tcase_add_test(tc, test_sudoku_sigterm);
	tcase_add_test(tc, test_out_of_memory);
	tcase_add_test(tc, test_output_is_an_input);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	/*
	 * These runs measure time and memory and set `ulimit -v`, none of which
	 * means anything under valgrind (the valgrind setup still runs this
	 * suite itself under memcheck): the programs run bare here.
	 */
	wrapped = getenv("DLX_TEST_WRAPPER") != NULL;
	unsetenv("DLX_TEST_WRAPPER");
	SRunner *sr = srunner_create(limits_suite());
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
