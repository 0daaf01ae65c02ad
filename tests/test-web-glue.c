/*
 * Check suite "web-glue": the browser page's glue (web/dlx-web.h) built
 * natively, so that the sanitizers and valgrind see it: answers and
 * messages as the programs give them (tools/test-web.sh compares the page
 * with the programs themselves), the JSON around them, bad requests, and
 * every allocation failing once; and the golden cases of the programs
 * (tests/data/cli/) whose options the page has, replayed through the glue.
 *
 * Linked with -Wl,--wrap=malloc,calloc,realloc as test-alloc.c is: the
 * glue's and the libraries' allocations go to the wrappers below.
 */
#define _POSIX_C_SOURCE 200809L
#include <check.h>
#include <dirent.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "dlx-sudoku-generate.h"
#include "dlx-sudoku.h"
#include "dlx-web.h"

void *__real_malloc(size_t n);
void *__real_calloc(size_t n, size_t size);
void *__real_realloc(void *p, size_t n);
void *__wrap_malloc(size_t n);
void *__wrap_calloc(size_t n, size_t size);
void *__wrap_realloc(void *p, size_t n);

/* Which allocation fails (0: none), and how many were made. */
static unsigned long fail_at, allocs;

static bool should_fail(void)
{
	return ++allocs == fail_at;
}

void *__wrap_malloc(size_t n)
{
	return should_fail() ? NULL : __real_malloc(n);
}

void *__wrap_calloc(size_t n, size_t size)
{
	return should_fail() ? NULL : __real_calloc(n, size);
}

void *__wrap_realloc(void *p, size_t n)
{
	return should_fail() ? NULL : __real_realloc(p, n);
}

/* README's puzzle and its one solution. */
static const char puzzle[] = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..\n";
#define SOLUTION "812753649943682175675491283154237896369845721287169534521974368438526917796318452"

/* Asserts that reply starts with want (status, out and err), then frees it. */
static void expect(char *reply, const char *want)
{
	ck_assert_ptr_nonnull(reply);
	if (strncmp(reply, want, strlen(want)) != 0)
		ck_abort_msg("reply\n  %s\nshould start with\n  %s", reply, want);
	ck_assert_int_eq(reply[strlen(reply) - 1], '}');
	dlxweb_free(reply);
}

/* Asserts that reply holds part, and returns it. */
static char *holds(char *reply, const char *part)
{
	ck_assert_ptr_nonnull(reply);
	if (!strstr(reply, part))
		ck_abort_msg("reply\n  %s\nshould hold\n  %s", reply, part);
	return reply;
}

START_TEST(sudoku_modes)
{
	char *r = dlxweb_sudoku(puzzle, "solve", 0, "");
	holds(r, ",\"rows\":3,\"cols\":3,\"symbols\":\"123456789\",\"givens\":[8,0,0,0,0,0,0,0,0,0,0,3,6,");
	holds(r, ",\"solution\":[8,1,2,7,5,3,6,4,9,9,4,3,");
	holds(r, ",\"puzzles\":1,\"nodes\":");
	expect(r, "{\"status\":0,\"out\":\"" SOLUTION "\\n\",\"err\":\"\"");
	/* The empty 4x4 board: 288 solutions. */
	expect(dlxweb_sudoku("................\n", "count", 0, ""), "{\"status\":0,\"out\":\"288\\n\",\"err\":\"\"");
	expect(dlxweb_sudoku("................\n", "unique", 0, ""), "{\"status\":0,\"out\":\"multiple\\n\",\"err\":\"\"");
	expect(dlxweb_sudoku("................\n", "grade", 0, ""), "{\"status\":0,\"out\":\"multiple\\n\",\"err\":\"\"");
	expect(dlxweb_sudoku(puzzle, "unique", 0, ""), "{\"status\":0,\"out\":\"unique\\n\",\"err\":\"\"");
	/* The grade and the guesses, as dlx-sudoku --grade prints them; no solution to draw. */
	expect(holds(dlxweb_sudoku(puzzle, "grade", 0, ""), "\"solution\":null"),
		"{\"status\":0,\"out\":\"2499 160\\n\",\"err\":\"\"");
	/* Grids answer as grids, an empty line between them. */
	expect(dlxweb_sudoku("1.3.\n..1.\n.1..\n...1\n\n12..\n....\n....\n....\n", "solve", 0, ""),
		"{\"status\":0,\"out\":\"1234\\n3412\\n2143\\n4321\\n\\n1234\\n3412\\n2143\\n4321\\n\",\"err\":\"\"");
	/* X-sudoku: 48 of the 288 have both diagonals right; two 1s on one diagonal clash
	 * (18 classic boards have them). */
	expect(dlxweb_sudoku("................\n", "count", 1, ""), "{\"status\":0,\"out\":\"48\\n\",\"err\":\"\"");
	expect(dlxweb_sudoku("1..............1\n", "count", 0, ""), "{\"status\":0,\"out\":\"18\\n\",\"err\":\"\"");
	expect(dlxweb_sudoku("1..............1\n", "count", 1, ""),
		"{\"status\":1,\"out\":\"0\\n\",\"err\":\"dlx-sudoku: <stdin>:1: r1c1 and r4c4 both hold 1 on the main diagonal\\n\"");
}
END_TEST

START_TEST(sudoku_errors)
{
	expect(dlxweb_sudoku("1234567\n", "solve", 0, ""),
		"{\"status\":2,\"out\":\"\",\"err\":\"dlx-sudoku: <stdin>:1: wrong length: 7 characters (a puzzle line "
		"has 16, 36, 64, 81, 100, 144, 225, 256, 400, 625, 1296, 2401 or 4096)\\n\"");
	char clash[83];
	memset(clash, '.', 81);
	memcpy(clash, "11", 2);
	memcpy(clash + 81, "\n", 2);
	expect(dlxweb_sudoku(clash, "solve", 0, ""),
		"{\"status\":1,\"out\":\"no solution\\n\",\"err\":\"dlx-sudoku: <stdin>:1: r1c1 and r1c2 both hold 1\\n\"");
	expect(dlxweb_sudoku("", "solve", 0, ""),
		"{\"status\":2,\"out\":\"\",\"err\":\"dlx-sudoku: <stdin>: no puzzle in the input\\n\"");
	expect(dlxweb_sudoku(NULL, "solve", 0, ""),
		"{\"status\":2,\"out\":\"\",\"err\":\"dlx-sudoku: <stdin>: no puzzle in the input\\n\"");
	/* The answers before a bad puzzle stay. */
	expect(dlxweb_sudoku("................\n1\n", "count", 0, ""),
		"{\"status\":2,\"out\":\"288\\n\",\"err\":\"dlx-sudoku: <stdin>:2: wrong length:");
	expect(dlxweb_sudoku(puzzle, "solve", 0, "x"),
		"{\"status\":2,\"out\":\"\",\"err\":\"dlx-sudoku: --node-limit needs a positive number, not 'x'\\n\"");
	expect(dlxweb_sudoku(puzzle, "solve", 0, "0"),
		"{\"status\":2,\"out\":\"\",\"err\":\"dlx-sudoku: --node-limit needs a positive number, not '0'\\n\"");
	expect(dlxweb_sudoku(puzzle, "solve", 0, "18446744073709551616"),
		"{\"status\":2,\"out\":\"\",\"err\":\"dlx-sudoku: --node-limit needs a positive number, not "
		"'18446744073709551616'\\n\"");
	expect(dlxweb_sudoku(puzzle, "dance", 0, ""), "{\"status\":2,\"out\":\"\",\"err\":\"dlx-sudoku: unknown mode 'dance'\\n\"");
	expect(dlxweb_sudoku(puzzle, NULL, 0, ""), "{\"status\":2,\"out\":\"\",\"err\":\"dlx-sudoku: unknown mode ''\\n\"");
	expect(dlxweb_sudoku(puzzle, "solve", 64, ""),
		"{\"status\":2,\"out\":\"\",\"err\":\"dlx-sudoku: unknown variant flags 0x40\\n\"");
	/* Cut short by the node limit: marked, status 4. */
	expect(dlxweb_sudoku(puzzle, "count", 0, "5"),
		"{\"status\":4,\"out\":\"count >= 0 (stopped at node limit)\\n\",\"err\":\"\"");
	expect(dlxweb_sudoku(puzzle, "solve", 0, "5"),
		"{\"status\":4,\"out\":\"unknown (stopped at node limit)\\n\",\"err\":\"\"");
}
END_TEST

/* The generated puzzle's line, out of a reply, into line (room for 4097 bytes). */
static void out_line(const char *reply, char *line)
{
	const char *p = strstr(reply, "\"out\":\"");
	ck_assert_ptr_nonnull(p);
	p += 7;
	size_t n = strcspn(p, "\\");
	ck_assert_uint_lt(n, 4096);
	memcpy(line, p, n);
	memcpy(line + n, "\n", 2);
}

START_TEST(generate)
{
	static const struct { unsigned rows, cols, symmetry; const char *seed, *clues; } cases[] = {
		{ 3, 3, 0, "1", "" }, { 2, 3, 1, "7", "14" }, { 2, 2, 5, "18446744073709551615", "" }, { 3, 4, 0, "2", "" },
	};
	for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
		char *r = dlxweb_generate(cases[k].rows, cases[k].cols, 0, cases[k].seed, cases[k].clues, cases[k].symmetry, "");
		ck_assert_ptr_nonnull(r);
		ck_assert_msg(strncmp(r, "{\"status\":0,\"out\":\"", 19) == 0, "%s", r);
		char line[4097];
		out_line(r, line);
		unsigned side = cases[k].rows * cases[k].cols;
		ck_assert_uint_eq(strlen(line), (size_t)side * side + 1);
		size_t clues = 0;
		for (const char *c = line; *c != '\n'; c++)
			clues += *c != '.';
		char want[64];
		snprintf(want, sizeof want, ",\"clues\":%zu,", clues);
		holds(r, want);
		dlxweb_free(r);
		/* What it made has one solution, on the board of the shape asked for. */
		r = dlxweb_sudoku(line, "unique", 0, "");
		snprintf(want, sizeof want, "\"rows\":%u,\"cols\":%u,", cases[k].rows, cases[k].cols);
		holds(r, want);
		expect(r, "{\"status\":0,\"out\":\"unique\\n\",\"err\":\"\"");
	}
	/* The same request, the same puzzle (dlx-sudoku --generate 1 --seed 1's). */
	expect(dlxweb_generate(3, 3, 0, "1", "", 0, ""), "{\"status\":0,\"out\":\".687............42.4..2.3..6.2.9..1"
		".........75...6..2..8...9........2..5...4738..\\n\",\"err\":\"\"");
	expect(dlxweb_generate(1, 3, 0, "1", "", 0, ""), "{\"status\":2,\"out\":\"\",\"err\":\"dlx-sudoku: --box needs RxC");
	expect(dlxweb_generate(11, 10, 0, "1", "", 0, ""), "{\"status\":2,\"out\":\"\",\"err\":\"dlx-sudoku: --box needs RxC");
	expect(dlxweb_generate(2, 2, 0, "1", "17", 0, ""),
		"{\"status\":2,\"out\":\"\",\"err\":\"dlx-sudoku: --clues 17: 4x4 boards have only 16 cells\\n\"");
	expect(dlxweb_generate(2, 2, 0, "-1", "", 0, ""), "{\"status\":2,\"out\":\"\",\"err\":\"dlx-sudoku: --seed needs a number");
	expect(dlxweb_generate(2, 2, 0, "1", "", 6, ""), "{\"status\":2,\"out\":\"\",\"err\":\"dlx-sudoku: unknown symmetry 6\\n\"");
	/* 72x72 boards have no symbols in the line layout. */
	expect(dlxweb_generate(8, 9, 0, "1", "", 0, ""),
		"{\"status\":2,\"out\":\"\",\"err\":\"dlx-sudoku: the alphabet has no symbols for 72x72 boards; use --output grid\\n\"");
}
END_TEST

static const char example[] = "a b c d e f g\nc e\na d g\nb c f\na d f\nb g\nd e g\n";

START_TEST(knuth)
{
	char *r = dlxweb_knuth(example, "count", "", "");
	holds(r, ",\"nodes\":");
	expect(r, "{\"status\":0,\"out\":\"1\\n\",\"err\":\"\"");
	expect(dlxweb_knuth(example, "list", "1", ""), "{\"status\":0,\"out\":\"c e\\na d f\\nb g\\n\",\"err\":\"\"");
	expect(dlxweb_knuth(example, "list", "", ""), "{\"status\":0,\"out\":\"c e\\na d f\\nb g\\n\\n\",\"err\":\"\"");
	expect(dlxweb_knuth("p q r | x y\np q x y:A\np r x:A y\np x:B\nq x:A\nr y:B\n", "list", "", ""),
		"{\"status\":0,\"out\":\"p r x:A y\\nq x:A\\n\\n\",\"err\":\"\"");
	/* Names with the characters JSON escapes. */
	expect(dlxweb_knuth("a\"b c\\d\na\"b c\\d\n", "list", "", ""),
		"{\"status\":0,\"out\":\"a\\\"b c\\\\d\\n\\n\",\"err\":\"\"");
	expect(dlxweb_knuth("a b\na\n", "count", "", ""), "{\"status\":1,\"out\":\"0\\n\",\"err\":\"\"");
	expect(dlxweb_knuth(example, "count", "", "1"),
		"{\"status\":4,\"out\":\"count >= 0 (stopped at node limit)\\n\",\"err\":\"\"");
	expect(dlxweb_knuth(example, "list", "", "1"),
		"{\"status\":4,\"out\":\"\",\"err\":\"dlx: stopped at node limit after 0 solutions\\n\"");
	expect(dlxweb_knuth("a b\na c\n", "count", "", ""),
		"{\"status\":2,\"out\":\"\",\"err\":\"dlx: <stdin>:2: unknown item 'c'\\n\"");
	expect(dlxweb_knuth("", "count", "", ""),
		"{\"status\":2,\"out\":\"\",\"err\":\"dlx: <stdin>: empty input: no item line\\n\"");
	expect(dlxweb_knuth("a | x\nx\na\n", "count", "", ""),
		"{\"status\":0,\"out\":\"1\\n\",\"err\":\"dlx: <stdin>:2: warning: 1 option without a primary item left out, "
		"the first here (--strict: an error)\\n\"");
	/* Bounds: two options for one primary item, more than a buffer sized by the items would hold. */
	expect(dlxweb_knuth("3|a\na\na\na\n", "list", "", ""), "{\"status\":0,\"out\":\"a\\na\\na\\n\\n\",\"err\":\"\"");
	expect(dlxweb_knuth("2|a b\na\na\na b\n", "count", "", ""), "{\"status\":0,\"out\":\"2\\n\",\"err\":\"\"");
	expect(dlxweb_knuth(example, "all", "", ""), "{\"status\":2,\"out\":\"\",\"err\":\"dlx: unknown mode 'all'\\n\"");
	expect(dlxweb_knuth(example, "list", "0", ""),
		"{\"status\":2,\"out\":\"\",\"err\":\"dlx: --limit needs a positive number, not '0'\\n\"");
	dlxweb_free(NULL);
}
END_TEST

/* Every allocation of each call fails once: an answer, or out of memory said as the programs say it. */
START_TEST(allocation_failures)
{
	for (int call = 0; call < 4; call++) {
		for (unsigned long k = 1;; k++) {
			fail_at = k;
			allocs = 0;
			char *r = call == 0 ? dlxweb_sudoku(puzzle, "solve", 0, "")
				: call == 1 ? dlxweb_sudoku("1\n", "count", 0, "")
				: call == 2 ? dlxweb_generate(2, 2, 0, "3", "", 0, "")
				: dlxweb_knuth(example, "list", "", "");
			unsigned long made = allocs;
			fail_at = 0;
			if (r) {
				bool answered = strncmp(r, call == 1 ? "{\"status\":2," : "{\"status\":0,", 12) == 0;
				bool nomem = strncmp(r, "{\"status\":3,", 12) == 0;
				ck_assert_msg(answered || nomem, "call %d, allocation %lu failing: %s", call, k, r);
				ck_assert_int_eq(r[strlen(r) - 1], '}');
			}
			dlxweb_free(r);
			if (made < k)
				break;
		}
	}
}
END_TEST

/* --- the golden cases of tests/data/cli/ that the glue can replay --- */

/* A file's bytes, NUL-ended; NULL when it does not exist. */
static char *slurp(const char *path)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	size_t cap = 4096, len = 0;
	char *buf = malloc(cap);
	ck_assert_ptr_nonnull(buf);
	size_t n;
	while ((n = fread(buf + len, 1, cap - len - 1, f)) > 0) {
		len += n;
		if (cap - len <= 1) {
			cap *= 2;
			buf = realloc(buf, cap);
			ck_assert_ptr_nonnull(buf);
		}
	}
	fclose(f);
	buf[len] = '\0';
	return buf;
}

/* A string member of a reply, its escapes undone (the ones web-reply.c writes). */
static char *member(const char *reply, const char *name)
{
	char key[32];
	snprintf(key, sizeof key, "\"%s\":\"", name);
	const char *p = strstr(reply, key);
	ck_assert_ptr_nonnull(p);
	p += strlen(key);
	char *out = malloc(strlen(p) + 1), *o = out;
	ck_assert_ptr_nonnull(out);
	for (; *p != '"'; p++) {
		ck_assert_int_ne(*p, '\0');
		if (*p != '\\') {
			*o++ = *p;
			continue;
		}
		p++;
		if (*p == 'n') {
			*o++ = '\n';
		} else if (*p == 'u') {
			unsigned v;
			ck_assert_int_eq(sscanf(p + 1, "%4x", &v), 1);
			*o++ = (char)v;
			p += 4;
		} else {
			*o++ = *p;
		}
	}
	*o = '\0';
	return out;
}

/* The request a case's arguments make, when the page can make it. */
struct request {
	enum { CALL_SUDOKU, CALL_GENERATE, CALL_KNUTH } call;
	const char *mode;
	unsigned flags, rows, cols, symmetry;
	char node_limit[32], limit[32], seed[32], clues[32];
};

static bool parse_variant(const char *v, unsigned *flags)
{
	static const struct { const char *name; unsigned flag; } names[] = {
		{ "classic", 0 }, { "x", DLX_SUDOKU_X }, { "diagonal", DLX_SUDOKU_X }, { "windoku", DLX_SUDOKU_WINDOKU },
		{ "hyper", DLX_SUDOKU_WINDOKU }, { "jigsaw", DLXWEB_JIGSAW }, { "irregular", DLXWEB_JIGSAW },
		{ "disjoint", DLX_SUDOKU_DISJOINT }, { "disjoint-groups", DLX_SUDOKU_DISJOINT },
		{ "anti-knight", DLX_SUDOKU_ANTI_KNIGHT }, { "knight", DLX_SUDOKU_ANTI_KNIGHT },
		{ "anti-king", DLX_SUDOKU_ANTI_KING }, { "king", DLX_SUDOKU_ANTI_KING },
		{ "nonconsecutive", DLX_SUDOKU_NONCONSECUTIVE }, { "non-consecutive", DLX_SUDOKU_NONCONSECUTIVE },
	};
	char buf[128];
	snprintf(buf, sizeof buf, "%s", v);
	for (char *save, *w = strtok_r(buf, "+,", &save); w; w = strtok_r(NULL, "+,", &save)) {
		size_t k = 0;
		while (k < sizeof names / sizeof *names && strcmp(names[k].name, w) != 0)
			k++;
		if (k == sizeof names / sizeof *names)
			return false;
		*flags |= names[k].flag;
	}
	return true;
}

static bool parse_symmetry(const char *v, unsigned *out)
{
	static const char *const names[] = { "none", "rotate180", "rotate90", "mirror", "flip", "random" };
	for (unsigned k = 0; k < sizeof names / sizeof *names; k++)
		if (strcmp(v, names[k]) == 0) {
			*out = k;
			return true;
		}
	return false;
}

/* A number for the request, as the glue takes it: false if it is too long to be one anyway. */
static bool copy_number(char *dst, const char *v)
{
	if (strlen(v) >= 32)
		return false;
	strcpy(dst, v);
	return true;
}

/*
 * The request of a dlx-sudoku case: its mode, --variant, --node-limit, and
 * --threads (the output is the same for any); --generate 1 with --seed,
 * --size, --box, --clues, --symmetry, --symmetric, --minimal.  False for
 * anything else: an input file, other options, their short forms' bundles.
 */
static bool sudoku_request(char **argv, int argc, struct request *rq)
{
	bool generate = false, minimal = false;
	unsigned boxed = 0; /* --box and --size given */
	rq->rows = rq->cols = 3;
	for (int k = 0; k < argc; k++) {
		const char *a = argv[k], *v = k + 1 < argc ? argv[k + 1] : NULL;
		bool took = true; /* the option took v */
		const char *mode = strcmp(a, "--count") == 0 || strcmp(a, "-c") == 0 ? "count"
			: strcmp(a, "--unique") == 0 || strcmp(a, "-u") == 0 ? "unique"
			: strcmp(a, "--grade") == 0 ? "grade" : NULL;
		if (mode) {
			/* Two modes are the program's usage error. */
			if (rq->mode)
				return false;
			rq->mode = mode, took = false;
		} else if (strcmp(a, "--minimal") == 0) {
			minimal = true, took = false;
		} else if (strcmp(a, "--symmetric") == 0) {
			rq->symmetry = DLX_SUDOKU_SYM_ROTATE180, took = false;
		} else if (!v) {
			return false;
		} else if (strcmp(a, "--variant") == 0) {
			if (!parse_variant(v, &rq->flags))
				return false;
		} else if (strcmp(a, "--node-limit") == 0) {
			if (!copy_number(rq->node_limit, v))
				return false;
		} else if (strcmp(a, "--threads") == 0 || strcmp(a, "-t") == 0) {
			/* A good count only; a bad one is the program's message. */
			if (strspn(v, "0123456789") != strlen(v) || strlen(v) > 4 || atoi(v) < 1 || atoi(v) > 1024)
				return false;
		} else if (strcmp(a, "--generate") == 0) {
			if (strcmp(v, "1") != 0)
				return false;
			generate = true;
		} else if (strcmp(a, "--seed") == 0) {
			if (!copy_number(rq->seed, v))
				return false;
		} else if (strcmp(a, "--clues") == 0) {
			if (!copy_number(rq->clues, v))
				return false;
		} else if (strcmp(a, "--size") == 0) {
			if (strspn(v, "0123456789") != strlen(v) || sscanf(v, "%u", &rq->rows) != 1 || rq->rows > 10)
				return false;
			rq->cols = rq->rows;
			boxed++;
		} else if (strcmp(a, "--box") == 0) {
			char end;
			if (sscanf(v, "%ux%u%c", &rq->rows, &rq->cols, &end) != 2 || rq->rows > 100 || rq->cols > 100)
				return false;
			boxed++;
		} else if (strcmp(a, "--symmetry") == 0) {
			if (!parse_symmetry(v, &rq->symmetry))
				return false;
		} else {
			return false;
		}
		k += took;
	}
	if (generate) {
		/* Checks the glue leaves to the page (a clue count of 0, a jigsaw's map) stay the program's. */
		if (strcmp(rq->clues, "0") == 0 || (rq->flags & DLXWEB_JIGSAW) || rq->mode || boxed > 1 ||
			(minimal && rq->clues[0]))
			return false;
		rq->call = CALL_GENERATE;
		return true;
	}
	/* --box and --size shape the boards read too: the page's reader takes the usual shapes only. */
	if (rq->seed[0] || rq->clues[0] || rq->symmetry || boxed)
		return false;
	rq->call = CALL_SUDOKU;
	if (!rq->mode)
		rq->mode = "solve";
	return true;
}

/* The request of a dlx case: --count, --all, --limit N, --node-limit N; nothing else. */
static bool knuth_request(char **argv, int argc, struct request *rq)
{
	bool count = false, all = false;
	for (int k = 0; k < argc; k++) {
		const char *a = argv[k], *v = k + 1 < argc ? argv[k + 1] : NULL;
		if (strcmp(a, "--count") == 0 || strcmp(a, "-c") == 0)
			count = true;
		else if (strcmp(a, "--all") == 0 || strcmp(a, "-a") == 0)
			all = true;
		else if (v && (strcmp(a, "--limit") == 0 || strcmp(a, "-l") == 0) && copy_number(rq->limit, v))
			k++;
		else if (v && strcmp(a, "--node-limit") == 0 && copy_number(rq->node_limit, v))
			k++;
		else
			return false;
	}
	/* --all --count prints both; --all --limit 1 an empty line after its one solution, as plain
	 * dlx does not; else --all --limit N is the glue's "list" with a limit. */
	if ((count && all) || (all && strcmp(rq->limit, "1") == 0))
		return false;
	rq->call = CALL_KNUTH;
	rq->mode = count ? "count" : "list";
	if (!count && !all && !rq->limit[0])
		strcpy(rq->limit, "1");
	return true;
}

/* Replays one case if the glue can make its request; returns whether it did. */
static bool replay(const char *base, bool knuth)
{
	char path[4096];
	snprintf(path, sizeof path, "%s.cmd", base);
	char *cmd = slurp(path);
	ck_assert_ptr_nonnull(cmd);
	cmd[strcspn(cmd, "\r\n")] = '\0';
	char *argv[64];
	int argc = 0;
	bool ok = true;
	for (char *save, *w = strtok_r(cmd, " \t", &save); w; w = strtok_r(NULL, " \t", &save)) {
		char *eq = strncmp(w, "--", 2) == 0 ? strchr(w, '=') : NULL;
		if (eq)
			*eq = '\0';
		if (argc + 2 > 64 || strchr(w, '@'))
			ok = false;
		else
			argv[argc++] = w;
		if (eq && argc < 64)
			argv[argc++] = eq + 1;
	}
	struct request rq = { 0 };
	if (ok)
		ok = knuth ? knuth_request(argv, argc, &rq) : sudoku_request(argv, argc, &rq);
	free(cmd);
	if (!ok)
		return false;

	snprintf(path, sizeof path, "%s.in", base);
	char *in = slurp(path);
	/* Binary input the page could not pass: its NUL ends the text. */
	snprintf(path, sizeof path, "%s.status", base);
	char *status = slurp(path);
	ck_assert_ptr_nonnull(status);
	FILE *f = in ? fopen((snprintf(path, sizeof path, "%s.in", base), path), "rb") : NULL;
	long in_size = -1;
	if (f) {
		fseek(f, 0, SEEK_END);
		in_size = ftell(f);
		fclose(f);
	}
	if (in && (long)strlen(in) != in_size) {
		free(in);
		free(status);
		return false;
	}
	const char *text = in ? in : "";
	char *r = rq.call == CALL_KNUTH ? dlxweb_knuth(text, rq.mode, rq.limit, rq.node_limit)
		: rq.call == CALL_GENERATE ? dlxweb_generate(rq.rows, rq.cols, rq.flags, rq.seed, rq.clues, rq.symmetry,
			rq.node_limit)
		: dlxweb_sudoku(text, rq.mode, rq.flags, rq.node_limit);
	ck_assert_ptr_nonnull(r);
	int got_status;
	ck_assert_int_eq(sscanf(r, "{\"status\":%d", &got_status), 1);
	ck_assert_msg(got_status == atoi(status), "%s: status %d, not %s", base, got_status, status);
	static const char *const streams[] = { "out", "err" };
	for (int k = 0; k < 2; k++) {
		snprintf(path, sizeof path, "%s.%s", base, streams[k]);
		char *want = slurp(path);
		if (!want)
			continue;
		char *got = member(r, streams[k]);
		ck_assert_msg(strcmp(got, want) == 0, "%s: std%s\n%s\nnot\n%s", base, streams[k], got, want);
		free(got);
		free(want);
	}
	dlxweb_free(r);
	free(in);
	free(status);
	return true;
}

/* Replays the cases under dir (and its folders); returns how many it could. */
static unsigned replay_all(const char *dir, bool knuth)
{
	DIR *d = opendir(dir);
	ck_assert_msg(d != NULL, "%s", dir);
	unsigned n = 0;
	struct dirent *e;
	while ((e = readdir(d)) != NULL) {
		if (e->d_name[0] == '.')
			continue;
		char path[4096];
		snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
		struct stat st;
		ck_assert_int_eq(stat(path, &st), 0);
		size_t len = strlen(path);
		if (S_ISDIR(st.st_mode))
			n += replay_all(path, knuth);
		else if (len > 4 && strcmp(path + len - 4, ".cmd") == 0) {
			path[len - 4] = '\0';
			n += replay(path, knuth);
		}
	}
	closedir(d);
	return n;
}

START_TEST(golden_cases)
{
	const char *data = getenv("DLX_TEST_DATA");
	ck_assert_ptr_nonnull(data);
	char dir[4096];
	snprintf(dir, sizeof dir, "%s/cli/dlx-sudoku", data);
	unsigned sudoku = replay_all(dir, false);
	snprintf(dir, sizeof dir, "%s/cli/dlx", data);
	unsigned knuth = replay_all(dir, true);
	fprintf(stderr, "golden cases replayed through the glue: %u of dlx-sudoku, %u of dlx\n", sudoku, knuth);
	/* Many cases use only what the page has: their discovery must not silently find none. */
	ck_assert_uint_ge(sudoku, 40);
	ck_assert_uint_ge(knuth, 20);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("web-glue");
	TCase *tc = tcase_create("glue");
	tcase_add_test(tc, sudoku_modes);
	tcase_add_test(tc, sudoku_errors);
	tcase_add_test(tc, generate);
	tcase_add_test(tc, knuth);
	tcase_add_test(tc, allocation_failures);
	tcase_add_test(tc, golden_cases);
	suite_add_tcase(s, tc);
	SRunner *sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
