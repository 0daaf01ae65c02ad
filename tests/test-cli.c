/*
 * The "cli" suite: runs the command-line programs as a user would.
 *
 * Golden cases live in $DLX_TEST_DATA/cli/PROGRAM/TOPIC/NAME.{cmd,in,out,err,status};
 * tests/data/cli/README.md describes their format.  The other tests cover
 * what a golden file cannot: signals, a closed stdout, --help and --version.
 */
/* realpath() is an XSI function. */
#define _XOPEN_SOURCE 700
#include <check.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli-runner.h"
#include "dlx.h"

/* Generous: the sanitizer and valgrind builds run the same cases. */
#define CASE_TIMEOUT 60.0

struct golden {
	const char *prog;   /* program name; the child's argv[0] is bin (see cli-runner.c) */
	const char *bin;    /* path of the executable */
	char *dir;          /* absolute path of the case's folder, the @DATA@ of its .cmd */
	char *name;         /* case name: the file names without extension */
	char *id;           /* PROG/TOPIC/NAME, the case as messages name it */
};

static struct golden *cases;
static size_t n_cases, cap_cases;
static size_t n_dlx_cases, n_sudoku_cases;
static char discovery_error[512];

static const char *const case_exts[] = { ".cmd", ".in", ".out", ".err", ".status" };

/* Deeper folders are a mistake (or a symbolic link loop), not a topic. */
#define MAX_CASE_DEPTH 8

static char *xstrdup(const char *s)
{
	char *d = strdup(s);
	if (!d) {
		perror("test-cli");
		exit(EXIT_FAILURE);
	}
	return d;
}

static char *path_join(const char *dir, const char *name, const char *ext)
{
	size_t n = strlen(dir) + 1 + strlen(name) + strlen(ext) + 1;
	char *p = malloc(n);
	if (!p) {
		perror("test-cli");
		exit(EXIT_FAILURE);
	}
	snprintf(p, n, "%s/%s%s", dir, name, ext);
	return p;
}

/* The whole file, NUL-terminated; NULL with errno set if it cannot be read. */
static char *read_whole(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	size_t cap = 4096, n = 0;
	char *b = malloc(cap);
	while (b) {
		n += fread(b + n, 1, cap - 1 - n, f);
		if (n < cap - 1)
			break;
		char *nb = realloc(b, cap * 2);
		if (!nb) {
			free(b);
			b = NULL;
			break;
		}
		b = nb;
		cap *= 2;
	}
	int bad = !b || ferror(f);
	fclose(f);
	if (bad) {
		free(b);
		errno = EIO;
		return NULL;
	}
	b[n] = '\0';
	if (len)
		*len = n;
	return b;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* A growing array of strings. */
struct names {
	char **v;
	size_t n, cap;
};

static void names_push(struct names *l, char *s)
{
	if (l->n == l->cap) {
		l->cap = l->cap ? 2 * l->cap : 64;
		char **nv = realloc(l->v, l->cap * sizeof *nv);
		if (!nv) {
			perror("test-cli");
			exit(EXIT_FAILURE);
		}
		l->v = nv;
	}
	l->v[l->n++] = s;
}

static void names_free(struct names *l)
{
	for (size_t k = 0; k < l->n; k++)
		free(l->v[k]);
	free(l->v);
}

/* The base name of a case file (NAME for NAME.out), or NULL for any other file. */
static char *case_name(const char *file)
{
	size_t len = strlen(file);
	for (size_t k = 0; k < sizeof case_exts / sizeof *case_exts; k++) {
		size_t el = strlen(case_exts[k]);
		if (len > el && strcmp(file + len - el, case_exts[k]) == 0) {
			char *name = xstrdup(file);
			name[len - el] = '\0';
			return name;
		}
	}
	return NULL;
}

static void add_case(const char *prog, const char *bin, const char *dir, const char *rel, char *name)
{
	if (n_cases == cap_cases) {
		cap_cases = cap_cases ? 2 * cap_cases : 64;
		struct golden *nc = realloc(cases, cap_cases * sizeof *nc);
		if (!nc) {
			perror("test-cli");
			exit(EXIT_FAILURE);
		}
		cases = nc;
	}
	char *where = *rel ? path_join(prog, rel, "") : xstrdup(prog);
	char *id = path_join(where, name, "");
	free(where);
	cases[n_cases++] = (struct golden){ prog, bin, xstrdup(dir), name, id };
	if (strcmp(prog, "dlx") == 0)
		n_dlx_cases++;
	else
		n_sudoku_cases++;
}

/*
 * Adds the cases in the folder dir, which is rel below the program's folder
 * ("" for the program's folder itself, which holds only topic folders), then
 * those of its subfolders, each in sorted order.  A case is every base name
 * that has one of the case extensions, so a stray NAME.out without NAME.cmd
 * fails loudly instead of being ignored; other files (inputs named in .cmd)
 * are skipped.  Returns 0, or -1 with discovery_error set.
 */
static int walk(const char *prog, const char *bin, const char *dir, const char *rel, int depth)
{
	if (depth > MAX_CASE_DEPTH) {
		snprintf(discovery_error, sizeof discovery_error, "%s: folders nested deeper than %d", dir,
			 MAX_CASE_DEPTH);
		return -1;
	}
	DIR *d = opendir(dir);
	if (!d) {
		snprintf(discovery_error, sizeof discovery_error, "%s: %s", dir, strerror(errno));
		return -1;
	}
	struct names files = { 0 }, subdirs = { 0 };
	struct dirent *de;
	int rc = 0;
	while (rc == 0 && (de = readdir(d)) != NULL) {
		if (de->d_name[0] == '.')
			continue;
		char *path = path_join(dir, de->d_name, "");
		struct stat sb;
		char *name;
		if (stat(path, &sb) != 0) {
			snprintf(discovery_error, sizeof discovery_error, "%s: %s", path, strerror(errno));
			rc = -1;
		} else if (S_ISDIR(sb.st_mode)) {
			names_push(&subdirs, xstrdup(de->d_name));
		} else if ((name = case_name(de->d_name)) != NULL) {
			names_push(&files, name);
		}
		free(path);
	}
	closedir(d);
	if (files.n)
		qsort(files.v, files.n, sizeof *files.v, cmp_str);
	/* Every case belongs to a topic; tests/data/cli/README.md lists them. */
	if (files.n && !*rel) {
		snprintf(discovery_error, sizeof discovery_error, "%s/%s: a case outside the topic folders", dir,
			 files.v[0]);
		rc = -1;
	}
	for (size_t k = 0; rc == 0 && k < files.n; k++) {
		if (k > 0 && strcmp(files.v[k], files.v[k - 1]) == 0)
			continue;
		add_case(prog, bin, dir, rel, xstrdup(files.v[k]));
	}
	if (subdirs.n)
		qsort(subdirs.v, subdirs.n, sizeof *subdirs.v, cmp_str);
	for (size_t k = 0; rc == 0 && k < subdirs.n; k++) {
		char *sub = path_join(dir, subdirs.v[k], "");
		char *sub_rel = *rel ? path_join(rel, subdirs.v[k], "") : xstrdup(subdirs.v[k]);
		rc = walk(prog, bin, sub, sub_rel, depth + 1);
		free(sub_rel);
		free(sub);
	}
	names_free(&files);
	names_free(&subdirs);
	return rc;
}

/*
 * Adds the cases of one program: every case in the topic folders of
 * $DLX_TEST_DATA/cli/PROG, at any depth.  Both programs are always built, so a
 * missing binary or folder fails instead of skipping its cases; the counts
 * are checked apart (test_discovery).
 */
static void discover(const char *prog, const char *bin_var)
{
	const char *bin = getenv(bin_var);
	const char *top = getenv("DLX_TEST_DATA");
	if (!top) {
		snprintf(discovery_error, sizeof discovery_error, "DLX_TEST_DATA is not set");
		return;
	}
	if (!bin || !*bin) {
		snprintf(discovery_error, sizeof discovery_error, "%s is not set", bin_var);
		return;
	}
	char *rel = path_join(top, "cli/", prog);
	char abs[PATH_MAX];
	if (!realpath(rel, abs))
		snprintf(discovery_error, sizeof discovery_error, "%s: %s", rel, strerror(errno));
	else
		walk(prog, bin, abs, "", 0);
	free(rel);
}

/* Replaces every occurrence of key in *s by value. */
static void substitute(char **s, const char *key, const char *value)
{
	char *at;
	size_t kl = strlen(key), vl = strlen(value);
	size_t from = 0;
	while ((at = strstr(*s + from, key)) != NULL) {
		size_t pre = (size_t)(at - *s), rest = strlen(at + kl);
		char *ns = malloc(pre + vl + rest + 1);
		if (!ns) {
			perror("test-cli");
			exit(EXIT_FAILURE);
		}
		memcpy(ns, *s, pre);
		memcpy(ns + pre, value, vl);
		memcpy(ns + pre + vl, at + kl, rest + 1);
		free(*s);
		*s = ns;
		from = pre + vl;
	}
}

/* Splits the .cmd line on blanks into argv[1..]; argv[0] is the program name. */
static char **build_argv(const struct golden *g, char *line)
{
	size_t cap = 8, n = 0;
	char **argv = malloc(cap * sizeof *argv);
	ck_assert_ptr_nonnull(argv);
	argv[n++] = xstrdup(g->prog);
	line[strcspn(line, "\r\n")] = '\0';
	const char *topdata = getenv("DLX_DATA");
	for (char *tok = strtok(line, " \t"); tok; tok = strtok(NULL, " \t")) {
		if (n + 2 > cap) {
			cap *= 2;
			char **na = realloc(argv, cap * sizeof *na);
			ck_assert_ptr_nonnull(na);
			argv = na;
		}
		char *arg = xstrdup(tok);
		substitute(&arg, "@DATA@", g->dir);
		if (strstr(arg, "@TOPDATA@")) {
			ck_assert_msg(topdata != NULL, "case %s: @TOPDATA@ used but DLX_DATA is not set",
				      g->id);
			substitute(&arg, "@TOPDATA@", topdata);
		}
		argv[n++] = arg;
	}
	argv[n] = NULL;
	return argv;
}

static void free_argv(char **argv)
{
	for (char **a = argv; *a; a++)
		free(*a);
	free(argv);
}

/* A line shown with its invisible bytes escaped and its length capped. */
static void show_line(char *dst, size_t cap, const char *s, size_t n)
{
	size_t o = 0;
	dst[0] = '\0';
	if (!s) {
		snprintf(dst, cap, "(end of output)");
		return;
	}
	o += (size_t)snprintf(dst + o, cap - o, "\"");
	for (size_t k = 0; k < n && o + 8 < cap; k++) {
		unsigned char c = (unsigned char)s[k];
		if (k >= 100) {
			o += (size_t)snprintf(dst + o, cap - o, "...");
			break;
		}
		if (c == '\n')
			o += (size_t)snprintf(dst + o, cap - o, "\\n");
		else if (c == '\r')
			o += (size_t)snprintf(dst + o, cap - o, "\\r");
		else if (c == '\t')
			o += (size_t)snprintf(dst + o, cap - o, "\\t");
		else if (c == '"' || c == '\\')
			o += (size_t)snprintf(dst + o, cap - o, "\\%c", c);
		else if (c < 0x20 || c > 0x7e)
			o += (size_t)snprintf(dst + o, cap - o, "\\x%02X", c);
		else
			dst[o++] = (char)c, dst[o] = '\0';
	}
	if (o + 2 < cap)
		snprintf(dst + o, cap - o, "\"");
}

/* Appends to msg where want and got first differ, as "line N: expected ... got ...". */
static void describe_diff(char *msg, size_t cap, const char *what, const char *want, size_t wn,
			  const char *got, size_t gn)
{
	size_t line = 1, start = 0, k = 0;
	while (k < wn && k < gn && want[k] == got[k]) {
		if (want[k] == '\n') {
			line++;
			start = k + 1;
		}
		k++;
	}
	/* Show the whole differing line of each side, newline included when present. */
	const char *we = start < wn ? memchr(want + start, '\n', wn - start) : NULL;
	const char *ge = start < gn ? memchr(got + start, '\n', gn - start) : NULL;
	size_t wl = start < wn ? (we ? (size_t)(we - want) - start + 1 : wn - start) : 0;
	size_t gl = start < gn ? (ge ? (size_t)(ge - got) - start + 1 : gn - start) : 0;
	char ws[160], gs[160];
	show_line(ws, sizeof ws, start < wn ? want + start : NULL, wl);
	show_line(gs, sizeof gs, start < gn ? got + start : NULL, gl);
	size_t o = strlen(msg);
	snprintf(msg + o, cap - o, "\n  %s differs at line %zu (%zu bytes expected, %zu got):\n    expected %s\n    got      %s",
		 what, line, wn, gn, ws, gs);
}

/*
 * Under valgrind's test setup (DLX_TEST_GOLDEN_EVERY=N from meson.build)
 * every N-th case of each topic folder, its first among them: memcheck
 * starts each run in about a second, so all 578 cases cost CI more than
 * the rest of its memcheck step; the sample still runs every topic's
 * paths, and the plain and sanitizer runs take every case.
 */
static bool golden_sampled_out(size_t i)
{
	const char *s = getenv("DLX_TEST_GOLDEN_EVERY");
	unsigned long every = s ? strtoul(s, NULL, 10) : 1;
	if (every <= 1)
		return false;
	size_t rank = 0;
	for (size_t j = 0; j < i; j++)
		rank += strcmp(cases[j].dir, cases[i].dir) == 0;
	return rank % every != 0;
}

START_TEST(test_golden)
{
	const struct golden *g = &cases[_i];
	if (golden_sampled_out((size_t)_i)) {
		fprintf(stderr, "cli case %s: not in this run's sample (DLX_TEST_GOLDEN_EVERY)\n", g->id);
		return;
	}
	fprintf(stderr, "cli case %s\n", g->id);

	char *cmd_path = path_join(g->dir, g->name, ".cmd");
	char *cmd = read_whole(cmd_path, NULL);
	ck_assert_msg(cmd != NULL, "case %s: cannot read %s: %s", g->id, cmd_path,
		      strerror(errno));
	char *status_path = path_join(g->dir, g->name, ".status");
	char *status_text = read_whole(status_path, NULL);
	ck_assert_msg(status_text != NULL, "case %s: cannot read %s (it is required): %s", g->id,
		      status_path, strerror(errno));
	char *end;
	long want_status = strtol(status_text, &end, 10);
	while (*end == '\n' || *end == '\r' || *end == ' ')
		end++;
	ck_assert_msg(end != status_text && *end == '\0' && want_status >= 0 && want_status <= 255,
		      "case %s: %s is not an exit status", g->id, status_path);

	char *in_path = path_join(g->dir, g->name, ".in");
	int has_in = access(in_path, F_OK) == 0;
	char *out_path = path_join(g->dir, g->name, ".out");
	size_t want_out_len = 0, want_err_len = 0;
	char *want_out = read_whole(out_path, &want_out_len);
	char *err_path = path_join(g->dir, g->name, ".err");
	char *want_err = read_whole(err_path, &want_err_len);

	char **argv = build_argv(g, cmd);
	struct runner_cmd rc = { g->bin, argv, has_in ? in_path : NULL, -1, false };
	struct runner_result res;
	ck_assert_msg(runner_run(&rc, CASE_TIMEOUT * runner_slowdown(), &res) == 0, "case %s: cannot run %s: %s", g->id,
		      g->bin, strerror(errno));

	char msg[2048];
	snprintf(msg, sizeof msg, "case %s failed:", g->id);
	int bad = 0;
	if (res.timed_out) {
		bad = 1;
		size_t o = strlen(msg);
		snprintf(msg + o, sizeof msg - o, "\n  killed after %.0f s", CASE_TIMEOUT);
	} else if (res.status != want_status) {
		bad = 1;
		size_t o = strlen(msg);
		snprintf(msg + o, sizeof msg - o, "\n  exit status %d, expected %ld", res.status, want_status);
	}
	if (want_out && (res.out_len != want_out_len || memcmp(res.out, want_out, want_out_len) != 0)) {
		bad = 1;
		describe_diff(msg, sizeof msg, "stdout", want_out, want_out_len, res.out, res.out_len);
	}
	if (want_err && (res.err_len != want_err_len || memcmp(res.err, want_err, want_err_len) != 0)) {
		bad = 1;
		describe_diff(msg, sizeof msg, "stderr", want_err, want_err_len, res.err, res.err_len);
	} else if (bad && !want_err && res.err_len) {
		/* Unchecked stderr still explains most failures. */
		char es[160];
		const char *nl = memchr(res.err, '\n', res.err_len);
		show_line(es, sizeof es, res.err, nl ? (size_t)(nl - res.err) + 1 : res.err_len);
		size_t o = strlen(msg);
		snprintf(msg + o, sizeof msg - o, "\n  stderr starts %s", es);
	}
	if (bad)
		ck_abort_msg("%s", msg);

	runner_result_free(&res);
	free_argv(argv);
	free(want_out);
	free(want_err);
	free(cmd);
	free(status_text);
	free(cmd_path);
	free(status_path);
	free(in_path);
	free(out_path);
	free(err_path);
}
END_TEST

START_TEST(test_discovery)
{
	ck_assert_msg(discovery_error[0] == '\0', "finding the golden cases: %s", discovery_error);
	ck_assert_msg(n_dlx_cases > 0, "no golden cases for dlx under $DLX_TEST_DATA/cli/dlx");
	ck_assert_msg(n_sudoku_cases > 0, "no golden cases for dlx-sudoku under $DLX_TEST_DATA/cli/dlx-sudoku");
}
END_TEST

static const char *bin_of(const char *var)
{
	const char *bin = getenv(var);
	ck_assert_msg(bin != NULL && *bin, "%s is not set", var);
	return bin;
}

static const char *dlx_bin(void)
{
	return bin_of("DLX_BIN");
}

/*
 * PROG --help starts with its usage line and names every long option in
 * longopts (the README and man page list the same); PROG --version prints
 * its name and the library's version.
 */
static void assert_help(const char *bin, const char *prog, const char *const *longopts, size_t n)
{
	char *argv[] = { (char *)prog, "--help", NULL };
	struct runner_cmd rc = { bin, argv, NULL, -1, false };
	struct runner_result res;
	ck_assert_int_eq(runner_run(&rc, CASE_TIMEOUT * runner_slowdown(), &res), 0);
	ck_assert_int_eq(res.status, 0);
	ck_assert_uint_eq(res.err_len, 0);
	char usage[64];
	snprintf(usage, sizeof usage, "Usage: %s ", prog);
	ck_assert_msg(strncmp(res.out, usage, strlen(usage)) == 0, "%s --help does not start with a usage line", prog);
	for (size_t k = 0; k < n; k++)
		ck_assert_msg(strstr(res.out, longopts[k]) != NULL, "%s --help does not mention %s", prog, longopts[k]);
	runner_result_free(&res);

	char *vargv[] = { (char *)prog, "--version", NULL };
	rc.argv = vargv;
	ck_assert_int_eq(runner_run(&rc, CASE_TIMEOUT * runner_slowdown(), &res), 0);
	ck_assert_int_eq(res.status, 0);
	char version[64];
	snprintf(version, sizeof version, "%s " DLX_VERSION "\n", prog);
	ck_assert_str_eq(res.out, version);
	ck_assert_uint_eq(res.err_len, 0);
	runner_result_free(&res);
}

START_TEST(test_help)
{
	static const char *const longopts[] = {
		"--count", "--all", "--limit", "--numbers", "--stats", "--quiet", "--node-limit", "--time-limit",
		"--threads", "--part", "--progress", "--no-progress", "--help", "--version",
	};
	assert_help(dlx_bin(), "dlx", longopts, sizeof longopts / sizeof *longopts);
}
END_TEST

START_TEST(test_help_sudoku)
{
	static const char *const longopts[] = {
		"--count", "--limit", "--unique", "--all", "--score", "--grade", "--generate", "--format",
		"--alphabet", "--output", "--quiet", "--stats", "--node-limit", "--time-limit", "--threads",
		"--part", "--progress", "--no-progress", "--variant", "--regions", "--size", "--seed",
		"--minimal", "--clues", "--symmetric", "--symmetry", "--box", "--candidates", "--help", "--version",
		"--explain", "--hint", "--rate", "--rating", "--difficulty", "--tries",
	};
	assert_help(bin_of("DLX_SUDOKU_BIN"), "dlx-sudoku", longopts, sizeof longopts / sizeof *longopts);
}
END_TEST

/* --stats: one line on stderr, in the documented form, with the right counts. */
START_TEST(test_stats_format)
{
	const char *data = getenv("DLX_DATA");
	ck_assert_msg(data != NULL, "DLX_DATA is not set");
	char *knuth = path_join(data, "knuth-example.dlx", "");
	char *argv[] = { "dlx", "--count", "--stats", knuth, NULL };
	struct runner_cmd rc = { dlx_bin(), argv, NULL, -1, false };
	struct runner_result res;
	ck_assert_int_eq(runner_run(&rc, CASE_TIMEOUT * runner_slowdown(), &res), 0);
	ck_assert_int_eq(res.status, 0);
	unsigned long long sol, nodes, updates, branches;
	double secs;
	char end[8] = "";
	/* Knuth's example by hand: 5 nodes, one of them branching (on an item with 2 options). */
	ck_assert_msg(sscanf(res.err, "solutions: %llu, nodes: %llu, updates: %llu, branches: %llu, time: %lf s%7s",
			     &sol, &nodes, &updates, &branches, &secs, end) == 5 &&
			      sol == 1 && nodes == 5 && updates > 0 && branches == 1 && secs >= 0,
		      "dlx --stats printed \"%s\"", res.err);
	runner_result_free(&res);
	free(knuth);

	const char *sudoku = bin_of("DLX_SUDOKU_BIN");
	char *sample = path_join(data, "sudoku17-sample.txt", "");
	char *argv2[] = { "dlx-sudoku", "--unique", "--stats", sample, NULL };
	struct runner_cmd rc2 = { sudoku, argv2, NULL, -1, false };
	ck_assert_int_eq(runner_run(&rc2, CASE_TIMEOUT * runner_slowdown(), &res), 0);
	ck_assert_int_eq(res.status, 0);
	unsigned long long puzzles, solved, unsolvable, stopped;
	double rate;
	ck_assert_msg(sscanf(res.err,
			     "puzzles: %llu, solved: %llu, unsolvable: %llu, stopped: %llu, nodes: %llu, updates: %llu, "
			     "branches: %llu, time: %lf s, puzzles/s: %lf%7s",
			     &puzzles, &solved, &unsolvable, &stopped, &nodes, &updates, &branches, &secs, &rate,
			     end) == 9 &&
			      puzzles == 1000 && solved == 1000 && unsolvable == 0 && stopped == 0 && nodes > 1000 &&
			      updates > nodes && branches > 0 && branches < nodes && rate > 0,
		      "dlx-sudoku --stats printed \"%s\"", res.err);
	runner_result_free(&res);

	/* --rate's search is the uniqueness check --unique makes: the same nodes, updates and branches. */
	char *argv3[] = { "dlx-sudoku", "--rate", "--stats", sample, NULL };
	struct runner_cmd rc3 = { sudoku, argv3, NULL, -1, false };
	ck_assert_int_eq(runner_run(&rc3, CASE_TIMEOUT * runner_slowdown(), &res), 0);
	ck_assert_int_eq(res.status, 0);
	unsigned long long rnodes, rupdates, rbranches;
	ck_assert_msg(sscanf(res.err,
			     "puzzles: %llu, solved: %llu, unsolvable: %llu, stopped: %llu, nodes: %llu, updates: %llu, "
			     "branches: %llu, time: %lf s, puzzles/s: %lf%7s",
			     &puzzles, &solved, &unsolvable, &stopped, &rnodes, &rupdates, &rbranches, &secs, &rate,
			     end) == 9 &&
			      puzzles == 1000 && solved == 1000 && rnodes == nodes && rupdates == updates &&
			      rbranches == branches,
		      "dlx-sudoku --rate --stats printed \"%s\" (--unique: nodes %llu)", res.err, nodes);
	runner_result_free(&res);
	free(sample);
}
END_TEST

/* Writes "$DLX_GEN_QUEENS n" to a new temporary file; returns its path (caller unlinks, frees). */
static char *gen_queens(int n)
{
	const char *gen = getenv("DLX_GEN_QUEENS");
	ck_assert_msg(gen != NULL, "DLX_GEN_QUEENS is not set");
	const char *dir = getenv("TMPDIR");
	char *path = path_join(dir && *dir ? dir : "/tmp", "dlx-cli-queens-XXXXXX", "");
	int fd = mkstemp(path);
	ck_assert_msg(fd >= 0, "mkstemp: %s", strerror(errno));
	char num[16];
	snprintf(num, sizeof num, "%d", n);
	char *argv[] = { "dlx-gen-queens", num, NULL };
	struct runner_cmd rc = { gen, argv, NULL, fd, false };
	struct runner_result res;
	int r = runner_run(&rc, CASE_TIMEOUT * runner_slowdown(), &res);
	close(fd);
	if (r != 0 || res.status != 0)
		unlink(path);
	ck_assert_msg(r == 0 && res.status == 0, "%s %d failed", gen, n);
	runner_result_free(&res);
	return path;
}

static size_t count_lines(const char *s, size_t n)
{
	size_t k = 0;
	for (size_t j = 0; j < n; j++)
		k += s[j] == '\n';
	return k;
}

/*
 * `dlx --all` into a pipe nobody reads.  16 queens has millions of solutions,
 * so a program that ignored the write errors would run far past the limit.
 */
static void closed_stdout(bool ignore_sigpipe)
{
	char *q16 = gen_queens(16);
	int fds[2];
	ck_assert_int_eq(pipe(fds), 0);
	close(fds[0]);
	char *argv[] = { "dlx", "--all", q16, NULL };
	struct runner_cmd rc = { dlx_bin(), argv, NULL, fds[1], ignore_sigpipe };
	struct runner_result res;
	int r = runner_run(&rc, 20 * runner_slowdown(), &res);
	close(fds[1]);
	unlink(q16);
	free(q16);
	ck_assert_int_eq(r, 0);
	ck_assert_msg(!res.timed_out, "dlx kept running with its stdout closed");
	ck_assert_msg(res.seconds < 5 * runner_slowdown(), "dlx took %.1f s to notice its stdout was closed", res.seconds);
	if (ignore_sigpipe)
		ck_assert_msg(res.status == 3, "exit status %d with SIGPIPE ignored, expected 3", res.status);
	else
		ck_assert_msg(res.status == 128 + SIGPIPE || res.status == 3,
			      "exit status %d, expected %d (SIGPIPE) or 3", res.status, 128 + SIGPIPE);
	ck_assert_msg(count_lines(res.err, res.err_len) <= 1 && (res.err_len == 0 || res.err[res.err_len - 1] == '\n'),
		      "more than one line on stderr: %.200s", res.err);
	runner_result_free(&res);
}

START_TEST(test_closed_stdout)
{
	closed_stdout(false);
}
END_TEST

START_TEST(test_closed_stdout_sigpipe_ignored)
{
	closed_stdout(true);
}
END_TEST

/* A full disk is a write error that must be reported, unlike a closed pipe. */
START_TEST(test_stdout_full)
{
	int fd = open("/dev/full", O_WRONLY);
	if (fd < 0) {
		fprintf(stderr, "test-cli: no /dev/full, skipping\n");
		return;
	}
	const char *data = getenv("DLX_DATA");
	ck_assert_msg(data != NULL, "DLX_DATA is not set");
	char *knuth = path_join(data, "knuth-example.dlx", "");
	char *argv[] = { "dlx", "--count", knuth, NULL };
	struct runner_cmd rc = { dlx_bin(), argv, NULL, fd, false };
	struct runner_result res;
	ck_assert_int_eq(runner_run(&rc, CASE_TIMEOUT * runner_slowdown(), &res), 0);
	close(fd);
	ck_assert_int_eq(res.status, 3);
	ck_assert_str_eq(res.err, "dlx: write error: No space left on device\n");
	runner_result_free(&res);
	free(knuth);
}
END_TEST

/* --help and --version into a full disk: exit status 3 and the error, as every other output (they said 0). */
START_TEST(test_help_into_full_disk)
{
	static const char *const opts[] = { "--help", "--version" };
	for (int prog = 0; prog < 2; prog++)
		for (int k = 0; k < 2; k++) {
			int fd = open("/dev/full", O_WRONLY);
			if (fd < 0) {
				fprintf(stderr, "test-cli: no /dev/full, skipping\n");
				return;
			}
			char *argv[] = { prog ? "dlx-sudoku" : "dlx", (char *)opts[k], NULL };
			struct runner_cmd rc = { prog ? bin_of("DLX_SUDOKU_BIN") : dlx_bin(), argv, NULL, fd, false };
			struct runner_result res;
			ck_assert_int_eq(runner_run(&rc, CASE_TIMEOUT * runner_slowdown(), &res), 0);
			close(fd);
			ck_assert_msg(res.status == 3, "%s %s: exit status %d", argv[0], opts[k], res.status);
			ck_assert_msg(strstr(res.err, "write error: No space left on device\n") != NULL, "%s %s: %s",
				      argv[0], opts[k], res.err);
			runner_result_free(&res);
		}
}
END_TEST

/*
 * dlx-sudoku --all on the empty 9x9 board (6.67e21 solutions) into a full
 * disk or a closed pipe, in one thread and in a worker thread: the message
 * names the failed write's own error (issue 13: a stale errno said
 * "Inappropriate ioctl for device"), and a closed pipe says nothing.
 */
static void sudoku_all_write_error(const char *threads, bool pipe_closed)
{
	int fd;
	if (pipe_closed) {
		int fds[2];
		ck_assert_int_eq(pipe(fds), 0);
		close(fds[0]);
		fd = fds[1];
	} else {
		fd = open("/dev/full", O_WRONLY);
		if (fd < 0) {
			fprintf(stderr, "test-cli: no /dev/full, skipping\n");
			return;
		}
	}
	char *in = NULL;
	char board[] = ".................................................................................\n";
	char path[] = "/tmp/dlx-empty9-XXXXXX";
	int tfd = mkstemp(path);
	ck_assert_int_ge(tfd, 0);
	ck_assert_int_eq(write(tfd, board, strlen(board)), (ssize_t)strlen(board));
	close(tfd);
	in = path;
	char *argv[] = { "dlx-sudoku", "--all", "--threads", (char *)threads, in, NULL };
	struct runner_cmd rc = { bin_of("DLX_SUDOKU_BIN"), argv, NULL, fd, pipe_closed };
	struct runner_result res;
	ck_assert_int_eq(runner_run(&rc, CASE_TIMEOUT * runner_slowdown(), &res), 0);
	close(fd);
	unlink(path);
	ck_assert_msg(!res.timed_out, "dlx-sudoku --all kept running");
	ck_assert_msg(res.status == 3, "exit status %d, expected 3", res.status);
	ck_assert_str_eq(res.err, pipe_closed ? "" : "dlx-sudoku: write error: No space left on device\n");
	runner_result_free(&res);
}

START_TEST(test_sudoku_all_write_errors)
{
	sudoku_all_write_error("1", false);
	sudoku_all_write_error("2", false);
	sudoku_all_write_error("1", true);
	sudoku_all_write_error("2", true);
}
END_TEST

/* `dlx --count` (memo: --memo) on 16 queens, stopped by sig after 0.3 s: a partial count and 128+sig. */
static void interrupted_count(int sig, const char *name, bool memo)
{
	char *q16 = gen_queens(16);
	char *plain[] = { "dlx", "--count", q16, NULL }, *memoized[] = { "dlx", "--count", "--memo", q16, NULL };
	char **argv = memo ? memoized : plain;
	struct runner_cmd rc = { dlx_bin(), argv, NULL, -1, false };
	struct runner_proc proc;
	ck_assert_msg(runner_spawn(&rc, &proc) == 0, "cannot run dlx: %s", strerror(errno));
	/* Under valgrind the program needs a few seconds to reach its signal handlers. */
	runner_sleep(runner_wrapped() ? 5.0 : 0.3);
	double sent = runner_now();
	kill(proc.pid, sig);
	struct runner_result res;
	int r = runner_wait(&proc, 10 * runner_slowdown(), &res);
	double took = runner_now() - sent;
	unlink(q16);
	free(q16);
	ck_assert_int_eq(r, 0);
	ck_assert_msg(!res.timed_out, "dlx ignored %s", name);
	ck_assert_msg(took < 2 * runner_slowdown(), "dlx took %.2f s to stop after %s", took, name);
	ck_assert_msg(res.status == 128 + sig, "exit status %d after %s, expected %d", res.status, name,
		      128 + sig);

	char suffix[64];
	snprintf(suffix, sizeof suffix, " (interrupted by %s)\n", name);
	size_t sl = strlen(suffix);
	ck_assert_msg(count_lines(res.out, res.out_len) == 1 && strncmp(res.out, "count >= ", 9) == 0 &&
			      res.out_len > 9 + sl && strcmp(res.out + res.out_len - sl, suffix) == 0,
		      "stdout after %s is \"%.200s\"", name, res.out);
	const char *digits = res.out + 9;
	size_t nd = strspn(digits, "0123456789");
	ck_assert_msg(nd > 0 && digits + nd == res.out + res.out_len - sl, "no count in \"%.200s\"", res.out);
	ck_assert_msg(res.err_len == 0, "stderr after %s: %.200s", name, res.err);
	runner_result_free(&res);
}

START_TEST(test_sigint)
{
	interrupted_count(SIGINT, "SIGINT", false);
}
END_TEST

START_TEST(test_sigint_memo)
{
	interrupted_count(SIGINT, "SIGINT", true);
}
END_TEST

START_TEST(test_sigterm)
{
	interrupted_count(SIGTERM, "SIGTERM", false);
}
END_TEST

static Suite *cli_suite(void)
{
	Suite *s = suite_create("cli");

	TCase *tc = tcase_create("golden");
	tcase_add_test(tc, test_discovery);
	tcase_add_loop_test(tc, test_golden, 0, (int)n_cases);
	suite_add_tcase(s, tc);

	tc = tcase_create("behaviour");
	tcase_add_test(tc, test_help);
	tcase_add_test(tc, test_help_sudoku);
	tcase_add_test(tc, test_stats_format);
	tcase_add_test(tc, test_closed_stdout);
	tcase_add_test(tc, test_closed_stdout_sigpipe_ignored);
	tcase_add_test(tc, test_stdout_full);
	tcase_add_test(tc, test_help_into_full_disk);
	tcase_add_test(tc, test_sudoku_all_write_errors);
	tcase_add_test(tc, test_sigint);
	tcase_add_test(tc, test_sigint_memo);
	tcase_add_test(tc, test_sigterm);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	discover("dlx", "DLX_BIN");
	discover("dlx-sudoku", "DLX_SUDOKU_BIN");

	SRunner *sr = srunner_create(cli_suite());
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);

	for (size_t k = 0; k < n_cases; k++) {
		free(cases[k].dir);
		free(cases[k].name);
		free(cases[k].id);
	}
	free(cases);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
