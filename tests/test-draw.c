/*
 * Check suite "draw": src/draw's pieces that the pictures' XML test
 * (test-svg.py) cannot reach one by one: the cell names, the grid they
 * span, the sheets' layout for every --per-page, the lines between
 * labelled cells (inset ones, for cages, included), and write errors.
 */
#define _POSIX_C_SOURCE 200809L
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "draw-sudoku.h"
#include "draw-svg.h"
#include "draw-tiling.h"

START_TEST(cell_names)
{
	static const struct {
		const char *name;
		enum draw_cell_form form;
		unsigned long row, col;
	} cases[] = {
		{ "r0c0", DRAW_CELLS_RC, 0, 0 }, { "r12c3", DRAW_CELLS_RC, 12, 3 }, { "R7C999999", DRAW_CELLS_RC, 7, 999999 },
		{ "3.4", DRAW_CELLS_DOT, 3, 4 }, { "10.0", DRAW_CELLS_DOT, 10, 0 },
		{ "3,4", DRAW_CELLS_XY, 4, 3 }, { "0,12", DRAW_CELLS_XY, 12, 0 },
		/* Not cells: a letter, half a name, signs, blanks, 7 digits, something after. */
		{ "F", DRAW_CELLS_NONE, 0, 0 }, { "r1", DRAW_CELLS_NONE, 0, 0 }, { "r1c", DRAW_CELLS_NONE, 0, 0 },
		{ "rc1", DRAW_CELLS_NONE, 0, 0 }, { "R1", DRAW_CELLS_NONE, 0, 0 }, { "1.", DRAW_CELLS_NONE, 0, 0 },
		{ ".1", DRAW_CELLS_NONE, 0, 0 }, { ",1", DRAW_CELLS_NONE, 0, 0 }, { "1,2,3", DRAW_CELLS_NONE, 0, 0 },
		{ "1.2.3", DRAW_CELLS_NONE, 0, 0 }, { "-1.2", DRAW_CELLS_NONE, 0, 0 }, { "r-1c2", DRAW_CELLS_NONE, 0, 0 },
		{ "r1c2x", DRAW_CELLS_NONE, 0, 0 }, { "r1234567c0", DRAW_CELLS_NONE, 0, 0 },
		{ "1234567.0", DRAW_CELLS_NONE, 0, 0 }, { "", DRAW_CELLS_NONE, 0, 0 }, { "p11", DRAW_CELLS_NONE, 0, 0 },
	};
	for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
		unsigned long r = 99, c = 99;
		enum draw_cell_form form = draw_cell_parse(cases[k].name, &r, &c);
		ck_assert_msg(form == cases[k].form, "'%s': form %d", cases[k].name, (int)form);
		if (form != DRAW_CELLS_NONE)
			ck_assert_msg(r == cases[k].row && c == cases[k].col, "'%s': r%luc%lu", cases[k].name, r, c);
	}
}
END_TEST

START_TEST(grid_of_names)
{
	/* The first cell name's form counts: "1.1" aliases r1c1 and is no cell here, nor a label's "F". */
	const char *names[] = { "F", "r2c5", "1.1", "r4c3", "r2c3", "x" };
	struct draw_grid g;
	ck_assert_int_eq(draw_grid_init(&g, names, 6), DRAW_GRID_OK);
	ck_assert_int_eq(g.form, DRAW_CELLS_RC);
	ck_assert_uint_eq(g.row0, 2);
	ck_assert_uint_eq(g.col0, 3);
	ck_assert_uint_eq(g.rows, 3);
	ck_assert_uint_eq(g.cols, 3);
	int32_t want[] = { -1, 0 * 3 + 2, -1, 2 * 3 + 0, 0, -1 };
	for (size_t k = 0; k < 6; k++)
		ck_assert_int_eq(g.cell[k], want[k]);
	draw_grid_free(&g);

	const char *none[] = { "R0", "C0", "A1" };
	ck_assert_int_eq(draw_grid_init(&g, none, 3), DRAW_GRID_NO_CELLS);
	draw_grid_free(&g);
	ck_assert_int_eq(draw_grid_init(&g, none, 0), DRAW_GRID_NO_CELLS);
	draw_grid_free(&g);

	/* 1001 x 1000 cells is one row too many; 1000 x 1000 is drawn. */
	const char *big[] = { "0,0", "999,1000" };
	ck_assert_int_eq(draw_grid_init(&g, big, 2), DRAW_GRID_TOO_BIG);
	ck_assert_uint_eq(g.rows, 1001);
	draw_grid_free(&g);
	const char *fits[] = { "0,0", "999,999" };
	ck_assert_int_eq(draw_grid_init(&g, fits, 2), DRAW_GRID_OK);
	draw_grid_free(&g);
	const char *huge[] = { "r0c0", "r999999c999999" };
	ck_assert_int_eq(draw_grid_init(&g, huge, 2), DRAW_GRID_TOO_BIG);
	draw_grid_free(&g);
}
END_TEST

/* Every --per-page: the slots fill the grid, fit the page's margins, keep the aspect and stay apart. */
START_TEST(sheets_of_pages)
{
	unsigned n = (unsigned)_i;
	struct draw_sheet s;
	double aspect = draw_sudoku_aspect();
	ck_assert(draw_sheet_pages(&s, n, aspect));
	ck_assert_uint_ge(s.cols * s.rows, n);
	ck_assert_uint_lt((s.cols - 1) * s.rows, n); /* no empty column */
	ck_assert(s.slot_w > 0 && s.slot_h / s.slot_w > aspect - 1e-9 && s.slot_h / s.slot_w < aspect + 1e-9);
	for (uint64_t k = 0; k < 2 * (uint64_t)n; k++) {
		double x, y;
		draw_sheet_place(&s, k, &x, &y);
		double top = (double)(k / n) * 297.0;
		ck_assert_msg(x >= 15 - 1e-9 && x + s.slot_w <= 195 + 1e-9, "per page %u, slot %lu: x %g", n, (unsigned long)k, x);
		ck_assert_msg(y >= top + 15 - 1e-9 && y + s.slot_h <= top + 282 + 1e-9, "per page %u, slot %lu: y %g", n,
			(unsigned long)k, y);
		for (uint64_t j = k - k % n; j < k; j++) {
			double x2, y2;
			draw_sheet_place(&s, j, &x2, &y2);
			bool apart = x2 + s.slot_w <= x + 1e-9 || x + s.slot_w <= x2 + 1e-9 || y2 + s.slot_h <= y + 1e-9 ||
				y + s.slot_h <= y2 + 1e-9;
			ck_assert_msg(apart, "per page %u: slots %lu and %lu overlap", n, (unsigned long)j, (unsigned long)k);
		}
	}
	double w, h;
	draw_sheet_size(&s, 2 * (uint64_t)n + 1, &w, &h);
	ck_assert(w == 210.0 && h == 3 * 297.0);
}
END_TEST

START_TEST(sheet_limits)
{
	struct draw_sheet s;
	ck_assert(!draw_sheet_pages(&s, 0, 1.0));
	ck_assert(!draw_sheet_pages(&s, DRAW_MAX_PER_PAGE + 1, 1.0));
	ck_assert(!draw_sheet_pages(&s, 4, 0.0));
	/* Four square boards: two by two, each (267 - 8) / 2 high at most and (180 - 8) / 2 wide. */
	ck_assert(draw_sheet_pages(&s, 4, 1.0));
	ck_assert_uint_eq(s.cols, 2);
	ck_assert_uint_eq(s.rows, 2);
	ck_assert(s.slot_w == 86.0);
	draw_sheet_column(&s, 100, 50);
	double w, h, x, y;
	draw_sheet_size(&s, 3, &w, &h);
	ck_assert(w == 110.0 && h == 3 * 50 + 2 * 8 + 10);
	draw_sheet_place(&s, 2, &x, &y);
	ck_assert(x == 5.0 && y == 5 + 2 * 58.0);
}
END_TEST

/* The path data of draw_svg_edges() for a labelled grid. */
static char *edges(unsigned rows, unsigned cols, const int32_t *label, double inset)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	ck_assert_ptr_nonnull(f);
	draw_svg_edges(f, rows, cols, label, 10, inset);
	fclose(f);
	return text;
}

START_TEST(lines_between_labels)
{
	/* Two regions side by side: the frame in runs of one pair of labels, and the line between them. */
	int32_t two[] = { 0, 1, 0, 1 };
	char *d = edges(2, 2, two, 0);
	ck_assert_str_eq(d, "M0 0H10M10 0H20M0 20H10M10 20H20M0 0V20M10 0V20M20 0V20");
	free(d);
	/* One label: the frame alone. */
	int32_t one[] = { 5, 5, 5, 5 };
	d = edges(2, 2, one, 0);
	ck_assert_str_eq(d, "M0 0H20M0 20H20M0 0V20M20 0V20");
	free(d);
	/* Holes (-1) get no lines among themselves; a lone cell its own frame. */
	int32_t hole[] = { -1, -1, -1, 3 };
	d = edges(2, 2, hole, 0);
	ck_assert_str_eq(d, "M10 10H20M10 20H20M10 10V20M20 10V20");
	free(d);
	/* Cages: each side's own line, inset and shortened, none for the outside. */
	int32_t cage[] = { 0, 1 };
	d = edges(1, 2, cage, 1.5);
	ck_assert_str_eq(d, "M1.5 1.5H8.5M11.5 1.5H18.5M1.5 8.5H8.5M11.5 8.5H18.5"
		"M1.5 1.5V8.5M8.5 1.5V8.5M11.5 1.5V8.5M18.5 1.5V8.5");
	free(d);
}
END_TEST

START_TEST(text_is_escaped)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	draw_svg_escape(f, "a<b>&\"c'");
	fclose(f);
	ck_assert_str_eq(text, "a&lt;b&gt;&amp;&quot;c&apos;");
	free(text);
	char a[8], b[8];
	draw_svg_colour(0, a);
	draw_svg_colour(1, b);
	ck_assert_int_eq(strlen(a), 7);
	ck_assert_int_eq(a[0], '#');
	ck_assert_str_ne(a, b);
}
END_TEST

/* A stream that fails every write: /dev/full. */
START_TEST(write_errors_are_returned)
{
	FILE *f = fopen("/dev/full", "w");
	if (!f)
		return; /* no /dev/full: nothing to check here */
	setvbuf(f, NULL, _IONBF, 0);
	struct draw_sheet s;
	draw_sheet_column(&s, 100, 108);
	ck_assert_int_eq(draw_svg_begin(f, &s, 1), -1);
	uint8_t givens[16] = { 1 };
	struct draw_sudoku b = { 2, 2, 0, NULL, givens, NULL, NULL, "1", NULL, NULL, NULL };
	ck_assert_int_eq(draw_sudoku_svg(f, &b, 0, 0, 100, 108), -1);
	ck_assert_int_eq(draw_svg_end(f), -1);
	fclose(f);
	/* Sides out of range are refused before anything is written. */
	char *text = NULL;
	size_t len = 0;
	f = open_memstream(&text, &len);
	struct draw_sudoku odd = { 1, 3, 0, NULL, givens, NULL, NULL, NULL, NULL, NULL, NULL };
	ck_assert_int_eq(draw_sudoku_svg(f, &odd, 0, 0, 10, 10), -1);
	fclose(f);
	ck_assert_uint_eq(len, 0);
	free(text);
}
END_TEST

static Suite *draw_suite(void)
{
	Suite *s = suite_create("draw");
	TCase *tc = tcase_create("names");
	tcase_add_test(tc, cell_names);
	tcase_add_test(tc, grid_of_names);
	suite_add_tcase(s, tc);
	tc = tcase_create("sheets");
	tcase_add_loop_test(tc, sheets_of_pages, 1, (int)DRAW_MAX_PER_PAGE + 1);
	tcase_add_test(tc, sheet_limits);
	suite_add_tcase(s, tc);
	tc = tcase_create("svg");
	tcase_add_test(tc, lines_between_labels);
	tcase_add_test(tc, text_is_escaped);
	tcase_add_test(tc, write_errors_are_returned);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(draw_suite());
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
