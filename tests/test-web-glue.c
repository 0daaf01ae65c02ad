/*
 * Check suite "web-glue": the browser page's glue (web/dlx-web.h) built
 * natively, so that the sanitizers and valgrind see it: answers and
 * messages as the programs give them (tools/test-web.sh compares the page
 * with the programs themselves), the JSON around them, bad requests, and
 * every allocation failing once.
 *
 * Linked with -Wl,--wrap=malloc,calloc,realloc as test-alloc.c is: the
 * glue's and the libraries' allocations go to the wrappers below.
 */
#define _POSIX_C_SOURCE 200809L
#include <check.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
		"{\"status\":2,\"out\":\"\",\"err\":\"dlx-sudoku: --clues 17: a 4x4 board has only 16 cells\\n\"");
	expect(dlxweb_generate(2, 2, 0, "-1", "", 0, ""), "{\"status\":2,\"out\":\"\",\"err\":\"dlx-sudoku: --seed needs a number");
	expect(dlxweb_generate(2, 2, 0, "1", "", 6, ""), "{\"status\":2,\"out\":\"\",\"err\":\"dlx-sudoku: unknown symmetry 6\\n\"");
	/* 72x72 boards have no symbols in the line layout. */
	expect(dlxweb_generate(8, 9, 0, "1", "", 0, ""),
		"{\"status\":2,\"out\":\"\",\"err\":\"dlx-sudoku: the alphabet has no symbols for a 72x72 board; use --output grid\\n\"");
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

int main(void)
{
	Suite *s = suite_create("web-glue");
	TCase *tc = tcase_create("glue");
	tcase_add_test(tc, sudoku_modes);
	tcase_add_test(tc, sudoku_errors);
	tcase_add_test(tc, generate);
	tcase_add_test(tc, knuth);
	tcase_add_test(tc, allocation_failures);
	suite_add_tcase(s, tc);
	SRunner *sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
