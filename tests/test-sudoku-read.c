/*
 * The "sudoku-read" suite: the text formats of dlx-sudoku (src/sudoku-text/):
 * every format and alphabet, auto-detection, the writer's layouts, and every
 * bad input with its line number.
 */
#define _POSIX_C_SOURCE 200809L
#include <check.h>
#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dlx-sudoku.h"
#include "sudoku-extras.h"
#include "sudoku-names.h"
#include "sudoku-read.h"
#include "sudoku-write.h"

static const char p3074[] = ".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.";

/* A reader over a string (the FILE is freed with the reader by close_all()). */
struct src {
	FILE *f;
	struct sudoku_reader *r;
};

static struct src open_text(const char *text, enum sudoku_format fmt, enum sudoku_alphabet a)
{
	struct src s;
	s.f = fmemopen((void *)text, strlen(text), "r");
	ck_assert_ptr_nonnull(s.f);
	s.r = sudoku_reader_new(s.f, fmt, a);
	ck_assert_ptr_nonnull(s.r);
	return s;
}

static void close_all(struct src *s)
{
	sudoku_reader_free(s->r);
	fclose(s->f);
}

/* Cells as a line: '.' blank, then 1-9A-Za-z. */
static const char *as_line(const struct sudoku_puzzle *pz)
{
	static char buf[4097];
	size_t n = (size_t)pz->side * pz->side;
	for (size_t k = 0; k < n; k++)
		buf[k] = pz->cells[k] ? sudoku_alphabet_symbol(SUDOKU_ALPHA_ALNUM, pz->cells[k]) : '.';
	buf[n] = '\0';
	return buf;
}

/* Reads text expecting exactly the given puzzles (as lines) and format. */
static void expect_puzzles(const char *text, enum sudoku_format fmt, enum sudoku_alphabet a,
	enum sudoku_format want_fmt, const char *const *want, size_t n_want)
{
	struct src s = open_text(text, fmt, a);
	struct sudoku_puzzle pz;
	struct sudoku_read_error err;
	for (size_t k = 0; k < n_want; k++) {
		int rc = sudoku_reader_next(s.r, &pz, &err);
		ck_assert_msg(rc == 1, "puzzle %zu: rc %d, line %zu: %s", k + 1, rc, err.line, err.message);
		ck_assert_str_eq(as_line(&pz), want[k]);
		ck_assert_int_eq(pz.format, want_fmt);
	}
	int rc = sudoku_reader_next(s.r, &pz, &err);
	ck_assert_msg(rc == 0, "after the puzzles: rc %d, line %zu: %s", rc, err.line, err.message);
	ck_assert_int_eq(sudoku_reader_next(s.r, &pz, &err), 0);
	close_all(&s);
}

/* Reads text expecting `good` puzzles and then an error at line with message. */
static void expect_error(const char *text, enum sudoku_format fmt, int good, size_t line, const char *message)
{
	struct src s = open_text(text, fmt, SUDOKU_ALPHA_AUTO);
	struct sudoku_puzzle pz;
	struct sudoku_read_error err;
	for (int k = 0; k < good; k++) {
		int rc = sudoku_reader_next(s.r, &pz, &err);
		ck_assert_msg(rc == 1, "puzzle %d: rc %d: %zu: %s", k + 1, rc, err.line, err.message);
	}
	int rc = sudoku_reader_next(s.r, &pz, &err);
	ck_assert_msg(rc < 0, "expected an error, got rc %d", rc);
	ck_assert_str_eq(err.message, message);
	ck_assert_uint_eq(err.line, line);
	close_all(&s);
}

START_TEST(test_line_format)
{
	char text[1024];
	snprintf(text, sizeof text, "# POJ 3074\n%s\r\n\n  %s  \nend\n%s\n", p3074, p3074, "junk after end");
	const char *want[] = { p3074, p3074 };
	expect_puzzles(text, SUDOKU_FORMAT_AUTO, SUDOKU_ALPHA_AUTO, SUDOKU_FORMAT_LINE, want, 2);
	/* Blanks: . 0 - _ all mean the same; the last newline may be missing. */
	char other[82];
	strcpy(other, p3074);
	other[0] = '0';
	other[5] = '-';
	other[6] = '_';
	snprintf(text, sizeof text, "%s", other);
	expect_puzzles(text, SUDOKU_FORMAT_AUTO, SUDOKU_ALPHA_AUTO, SUDOKU_FORMAT_LINE, want, 1);
	/* 4x4 lines. */
	const char *w4[] = { "1...........4..2", "................" };
	expect_puzzles("1...........4..2\n0000000000000000\n", SUDOKU_FORMAT_AUTO, SUDOKU_ALPHA_AUTO,
		SUDOKU_FORMAT_LINE, w4, 2);
	/* Mixed sizes with an explicit format. */
	snprintf(text, sizeof text, "%s\n1...........4..2\n", p3074);
	const char *wm[] = { p3074, "1...........4..2" };
	expect_puzzles(text, SUDOKU_FORMAT_LINE, SUDOKU_ALPHA_AUTO, SUDOKU_FORMAT_LINE, wm, 2);
}
END_TEST

static const char luogu_grid[] =
	"8 0 0 0 0 0 0 0 0\n0 0 3 6 0 0 0 0 0\n0 7 0 0 9 0 2 0 0\n0 5 0 0 0 7 0 0 0\n"
	"0 0 0 0 4 5 7 0 0\n0 0 0 1 0 0 0 3 0\n0 0 1 0 0 0 0 6 8\n0 0 8 5 0 0 0 1 0\n0 9 0 0 0 0 4 0 0\n";
static const char luogu_line[] =
	"8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";

START_TEST(test_grid_format)
{
	char text[2048];
	snprintf(text, sizeof text, "%s\n\n%s", luogu_grid, luogu_grid);
	const char *want[] = { luogu_line, luogu_line };
	expect_puzzles(text, SUDOKU_FORMAT_AUTO, SUDOKU_ALPHA_AUTO, SUDOKU_FORMAT_GRID, want, 2);
	/* No blank line between grids, tabs, and a 16x16 grid of numbers. */
	snprintf(text, sizeof text, "%s%s", luogu_grid, luogu_grid);
	expect_puzzles(text, SUDOKU_FORMAT_GRID, SUDOKU_ALPHA_AUTO, SUDOKU_FORMAT_GRID, want, 2);
	char big[4096];
	size_t n = 0;
	for (int r = 0; r < 16; r++)
		for (int c = 0; c < 16; c++)
			n += (size_t)snprintf(big + n, sizeof big - n, "%d%c", r == c ? 16 - r : 0, c == 15 ? '\n' : '\t');
	char w16[257];
	memset(w16, '.', 256);
	w16[256] = '\0';
	for (int r = 0; r < 16; r++)
		w16[r * 17] = sudoku_alphabet_symbol(SUDOKU_ALPHA_ALNUM, (unsigned)(16 - r));
	const char *wb[] = { w16 };
	expect_puzzles(big, SUDOKU_FORMAT_AUTO, SUDOKU_ALPHA_AUTO, SUDOKU_FORMAT_GRID, wb, 1);
}
END_TEST

START_TEST(test_compact_and_count)
{
	/* POJ 2676. */
	static const char poj[] = "1\n103000509\n002109400\n000704000\n300502006\n060000050\n"
		"700803004\n000401000\n009205800\n804000107\n";
	const char *want[] = {
		"1.3...5.9..21.94.....7.4...3...5.2..6.6.....5.7...8.3..4...4.1.....9.2.5.8..8.4...1.7"
	};
	/* Build the expected line from the rows instead of trusting the literal. */
	char w[82];
	const char *rows = poj + 2;
	for (int r = 0; r < 9; r++)
		for (int c = 0; c < 9; c++)
			w[r * 9 + c] = rows[r * 10 + c] == '0' ? '.' : rows[r * 10 + c];
	w[81] = '\0';
	want[0] = w;
	expect_puzzles(poj, SUDOKU_FORMAT_AUTO, SUDOKU_ALPHA_AUTO, SUDOKU_FORMAT_COUNT, want, 1);
	/* The same grid without the count, with .sdk metadata: compact. */
	char sdk[512];
	snprintf(sdk, sizeof sdk, "#AAuthor\n#DA puzzle\n%s", poj + 2);
	expect_puzzles(sdk, SUDOKU_FORMAT_AUTO, SUDOKU_ALPHA_AUTO, SUDOKU_FORMAT_COMPACT, want, 1);
	/* Count format stops after T puzzles and records the blank lines between them. */
	char two[1024];
	snprintf(two, sizeof two, "2\n%s\n%sgarbage\n", poj + 2, poj + 2);
	struct src s = open_text(two, SUDOKU_FORMAT_AUTO, SUDOKU_ALPHA_AUTO);
	struct sudoku_puzzle pz;
	struct sudoku_read_error err;
	ck_assert_int_eq(sudoku_reader_next(s.r, &pz, &err), 1);
	ck_assert_uint_eq(pz.line, 2);
	ck_assert_int_eq(sudoku_reader_next(s.r, &pz, &err), 1);
	ck_assert(pz.blank_before);
	ck_assert_uint_eq(pz.line, 12);
	ck_assert_int_eq(sudoku_reader_next(s.r, &pz, &err), 0);
	close_all(&s);
}
END_TEST

static const char spoj_text[] =
	"1\n\n--A----C-----O-I\n-J--A-B-P-CGF-H-\n--D--F-I-E----P-\n-G-EL-H----M-J--\n"
	"----E----C--G---\n-I--K-GA-B---E-J\nD-GP--J-F----A--\n-E---C-B--DP--O-\n"
	"E--F-M--D--L-K-A\n-C--------O-I-L-\nH-P-C--F-A--B---\n---G-OD---J----H\n"
	"K---J----H-A-P-L\n--B--P--E--K--A-\n-H--B--K--FI-C--\n--F---C--D--H-N-\n";

START_TEST(test_alphabets)
{
	struct src s = open_text(spoj_text, SUDOKU_FORMAT_AUTO, SUDOKU_ALPHA_AUTO);
	struct sudoku_puzzle pz;
	struct sudoku_read_error err;
	ck_assert_int_eq(sudoku_reader_next(s.r, &pz, &err), 1);
	ck_assert_int_eq(pz.format, SUDOKU_FORMAT_COUNT);
	ck_assert_int_eq(pz.alphabet, SUDOKU_ALPHA_LETTERS);
	ck_assert_uint_eq(pz.side, 16);
	ck_assert_uint_eq(pz.cells[2], 1);   /* A */
	ck_assert_uint_eq(pz.cells[7], 3);   /* C */
	ck_assert_uint_eq(pz.cells[13], 15); /* O */
	ck_assert_uint_eq(pz.cells[0], 0);
	ck_assert_uint_eq(pz.line, 3);
	close_all(&s);

	/* 1-9A-G with 0 blank (goomii), hex 0-F with 0 a digit. */
	char line[257];
	for (int k = 0; k < 256; k++)
		line[k] = "0123456789ABCDEFG"[k % 17];
	line[256] = '\0';
	s = open_text(line, SUDOKU_FORMAT_AUTO, SUDOKU_ALPHA_AUTO);
	ck_assert_int_eq(sudoku_reader_next(s.r, &pz, &err), 1);
	ck_assert_int_eq(pz.alphabet, SUDOKU_ALPHA_ALNUM);
	ck_assert_uint_eq(pz.cells[0], 0);
	ck_assert_uint_eq(pz.cells[1], 1);
	ck_assert_uint_eq(pz.cells[10], 10); /* A */
	ck_assert_uint_eq(pz.cells[16], 16); /* G */
	close_all(&s);
	for (int k = 0; k < 256; k++)
		line[k] = "0123456789ABCDEF."[k % 17];
	s = open_text(line, SUDOKU_FORMAT_AUTO, SUDOKU_ALPHA_HEX);
	ck_assert_int_eq(sudoku_reader_next(s.r, &pz, &err), 1);
	ck_assert_int_eq(pz.alphabet, SUDOKU_ALPHA_HEX);
	ck_assert_uint_eq(pz.cells[0], 1);
	ck_assert_uint_eq(pz.cells[15], 16);
	ck_assert_uint_eq(pz.cells[16], 0);
	close_all(&s);
	/* Lower case letters are accepted where the alphabet has none. */
	for (int k = 0; k < 256; k++)
		line[k] = k % 3 ? '-' : "abcdefghijklmnop"[k % 16];
	s = open_text(line, SUDOKU_FORMAT_AUTO, SUDOKU_ALPHA_AUTO);
	ck_assert_int_eq(sudoku_reader_next(s.r, &pz, &err), 1);
	ck_assert_int_eq(pz.alphabet, SUDOKU_ALPHA_LETTERS);
	ck_assert_uint_eq(pz.cells[0], 1);
	close_all(&s);

	/* Names and descriptions. */
	enum sudoku_alphabet a;
	ck_assert(sudoku_alphabet_parse("A-P", &a) && a == SUDOKU_ALPHA_LETTERS);
	ck_assert(sudoku_alphabet_parse("0-F", &a) && a == SUDOKU_ALPHA_HEX);
	ck_assert(sudoku_alphabet_parse("1-9A-G", &a) && a == SUDOKU_ALPHA_ALNUM);
	ck_assert(!sudoku_alphabet_parse("klingon", &a));
	char d[80];
	ck_assert_str_eq(sudoku_alphabet_describe(SUDOKU_ALPHA_ALNUM, 9, d, sizeof d), "1-9");
	ck_assert_str_eq(sudoku_alphabet_describe(SUDOKU_ALPHA_ALNUM, 16, d, sizeof d), "1-9A-G");
	ck_assert_str_eq(sudoku_alphabet_describe(SUDOKU_ALPHA_LETTERS, 16, d, sizeof d), "A-P");
	ck_assert_str_eq(sudoku_alphabet_describe(SUDOKU_ALPHA_HEX, 16, d, sizeof d), "0-9A-F");
	ck_assert_str_eq(sudoku_alphabet_describe(SUDOKU_ALPHA_ALNUM, 64, d, sizeof d), "1-9A-Za-z@$&");
	ck_assert_uint_eq(sudoku_alphabet_max_side(SUDOKU_ALPHA_ALNUM), 64);
}
END_TEST

START_TEST(test_drawn)
{
	/* qqwing style and Simple Sudoku style. */
	static const char qq[] =
		" 8 . . | . . . | . . . \n . . 3 | 6 . . | . . . \n . 7 . | . 9 . | 2 . . \n"
		"-------|-------|-------\n . 5 . | . . 7 | . . . \n . . . | . 4 5 | 7 . . \n . . . | 1 . . | . 3 . \n"
		"-------|-------|-------\n . . 1 | . . . | . 6 8 \n . . 8 | 5 . . | . 1 . \n . 9 . | . . . | 4 . . \n";
	static const char ss[] =
		"+---+---+---+\n|8..|...|...|\n|..3|6..|...|\n|.7.|.9.|2..|\n+---+---+---+\n"
		"|.5.|..7|...|\n|...|.45|7..|\n|...|1..|.3.|\n+---+---+---+\n"
		"|..1|...|.68|\n|..8|5..|.1.|\n|.9.|...|4..|\n+---+---+---+\n";
	const char *want[] = { luogu_line };
	expect_puzzles(qq, SUDOKU_FORMAT_AUTO, SUDOKU_ALPHA_AUTO, SUDOKU_FORMAT_DRAWN, want, 1);
	expect_puzzles(ss, SUDOKU_FORMAT_AUTO, SUDOKU_ALPHA_AUTO, SUDOKU_FORMAT_DRAWN, want, 1);
}
END_TEST

/* Simple Sudoku's clipboard grid (framed by "*---*" lines) and its .ss files: read, and written back as read. */
START_TEST(test_simple_sudoku)
{
	static const char framed[] =
		"*-----------*\n|8..|...|...|\n|..3|6..|...|\n|.7.|.9.|2..|\n|---+---+---|\n"
		"|.5.|..7|...|\n|...|.45|7..|\n|...|1..|.3.|\n|---+---+---|\n"
		"|..1|...|.68|\n|..8|5..|.1.|\n|.9.|...|4..|\n*-----------*\n";
	static const char ss[] =
		"8..|...|...\n..3|6..|...\n.7.|.9.|2..\n-----------\n"
		".5.|..7|...\n...|.45|7..\n...|1..|.3.\n-----------\n"
		"..1|...|.68\n..8|5..|.1.\n.9.|...|4..\n";
	static const struct { const char *text; enum sudoku_layout layout; enum sudoku_drawn_style style; } cases[] = {
		{ framed, SUDOKU_LAYOUT_BORDERED, SUDOKU_DRAWN_FRAMED }, { ss, SUDOKU_LAYOUT_SS, SUDOKU_DRAWN_TIGHT },
	};
	for (int k = 0; k < 2; k++) {
		/* Twice in a row, with an empty line between: the frame below the first is no puzzle. */
		char two[1024];
		snprintf(two, sizeof two, "%s\n%s", cases[k].text, cases[k].text);
		struct src s = open_text(two, SUDOKU_FORMAT_AUTO, SUDOKU_ALPHA_AUTO);
		struct sudoku_puzzle pz;
		struct sudoku_read_error err;
		for (int n = 0; n < 2; n++) {
			int rc = sudoku_reader_next(s.r, &pz, &err);
			ck_assert_msg(rc == 1, "case %d puzzle %d: %d %s", k, n, rc, err.message);
			ck_assert_str_eq(as_line(&pz), luogu_line);
			ck_assert_int_eq(pz.format, SUDOKU_FORMAT_DRAWN);
			ck_assert_int_eq(pz.drawn_style, cases[k].style);
			/* Written in its own layout, the text comes back byte for byte. */
			char buf[512];
			size_t len = sudoku_write(buf, cases[k].layout, SUDOKU_ALPHA_ALNUM, 3, 3, pz.cells);
			ck_assert_uint_le(len, sudoku_write_size(cases[k].layout, SUDOKU_ALPHA_ALNUM, 3, 3));
			buf[len] = '\0';
			ck_assert_str_eq(buf, cases[k].text);
		}
		ck_assert_int_eq(sudoku_reader_next(s.r, &pz, &err), 0);
		close_all(&s);
	}
	/* The qqwing look stays spaced. */
	struct src s = open_text(". . | . .\n. . | . .\n----+----\n. . | . .\n. . | . .\n", SUDOKU_FORMAT_AUTO,
		SUDOKU_ALPHA_AUTO);
	struct sudoku_puzzle pz;
	struct sudoku_read_error err;
	ck_assert_int_eq(sudoku_reader_next(s.r, &pz, &err), 1);
	ck_assert_int_eq(pz.drawn_style, SUDOKU_DRAWN_SPACED);
	close_all(&s);
	/* 6x6 framed: bars every 3 columns, rules every 2 rows. */
	uint8_t b[36] = { 1, 2, 3, 4, 5, 6 };
	char buf[256];
	size_t len = sudoku_write(buf, SUDOKU_LAYOUT_BORDERED, SUDOKU_ALPHA_ALNUM, 2, 3, b);
	buf[len] = '\0';
	ck_assert_str_eq(buf, "*-------*\n|123|456|\n|...|...|\n|---+---|\n|...|...|\n|...|...|\n|---+---|\n"
		"|...|...|\n|...|...|\n*-------*\n");
}
END_TEST

START_TEST(test_writer)
{
	uint8_t b[81];
	for (int k = 0; k < 81; k++)
		b[k] = (uint8_t)((3 * ((k / 9) % 3) + (k / 9) / 3 + k % 9) % 9 + 1);
	char buf[4096];
	size_t n = sudoku_write(buf, SUDOKU_LAYOUT_LINE, SUDOKU_ALPHA_ALNUM, 3, 3, b);
	ck_assert_uint_eq(n, 82);
	ck_assert(memcmp(buf, "123456789456789123", 18) == 0);
	n = sudoku_write(buf, SUDOKU_LAYOUT_GRID, SUDOKU_ALPHA_ALNUM, 3, 3, b);
	buf[n] = '\0';
	ck_assert(strncmp(buf, "1 2 3 4 5 6 7 8 9\n4 5 6", 23) == 0);
	ck_assert_uint_le(n, sudoku_write_size(SUDOKU_LAYOUT_GRID, SUDOKU_ALPHA_ALNUM, 3, 3));
	n = sudoku_write(buf, SUDOKU_LAYOUT_PRETTY, SUDOKU_ALPHA_ALNUM, 3, 3, b);
	buf[n] = '\0';
	ck_assert(strncmp(buf, "1 2 3 | 4 5 6 | 7 8 9\n", 22) == 0);
	ck_assert(strstr(buf, "\n------+-------+------\n") != NULL);
	ck_assert_uint_le(n, sudoku_write_size(SUDOKU_LAYOUT_PRETTY, SUDOKU_ALPHA_ALNUM, 3, 3));
	/* Every layout reads back as the same board. */
	static const enum sudoku_layout layouts[] = {
		SUDOKU_LAYOUT_LINE, SUDOKU_LAYOUT_GRID, SUDOKU_LAYOUT_COMPACT, SUDOKU_LAYOUT_PRETTY
	};
	for (int k = 0; k < 4; k++) {
		n = sudoku_write(buf, layouts[k], SUDOKU_ALPHA_ALNUM, 3, 3, b);
		buf[n] = '\0';
		struct src s = open_text(buf, SUDOKU_FORMAT_AUTO, SUDOKU_ALPHA_AUTO);
		struct sudoku_puzzle pz;
		struct sudoku_read_error err;
		ck_assert_msg(sudoku_reader_next(s.r, &pz, &err) == 1, "layout %d: %s", k, err.message);
		ck_assert_mem_eq(pz.cells, b, 81);
		close_all(&s);
	}
	/* Letters for 16x16; no symbols beyond the alphabet. */
	uint8_t b16[256];
	for (int k = 0; k < 256; k++)
		b16[k] = (uint8_t)((4 * ((k / 16) % 4) + (k / 16) / 4 + k % 16) % 16 + 1);
	n = sudoku_write(buf, SUDOKU_LAYOUT_COMPACT, SUDOKU_ALPHA_LETTERS, 4, 4, b16);
	ck_assert(memcmp(buf, "ABCDEFGHIJKLMNOP\nEFGH", 21) == 0);
	ck_assert_uint_eq(sudoku_write_size(SUDOKU_LAYOUT_LINE, SUDOKU_ALPHA_LETTERS, 6, 6), 0);
	ck_assert_uint_gt(sudoku_write_size(SUDOKU_LAYOUT_GRID, SUDOKU_ALPHA_LETTERS, 10, 10), 0);
}
END_TEST

START_TEST(test_bad_input)
{
	char text[2048], bad[100];
	/* Wrong length, on a later line. */
	snprintf(text, sizeof text, "%s\n%s\n%.80s\n", p3074, p3074, p3074);
	expect_error(text, SUDOKU_FORMAT_AUTO, 2, 3, "wrong length: 80 characters, 9x9 puzzles have 81");
	expect_error("1234567\n", SUDOKU_FORMAT_AUTO, 0, 1,
		"wrong length: 7 characters (a puzzle line has 16, 36, 64, 81, 100, 144, 225, 256, 400, 625, 1296, 2401 or 4096)");
	/* A symbol outside the alphabet. */
	strcpy(bad, p3074);
	bad[40] = 'x';
	snprintf(text, sizeof text, "#c\n%s\n%s\n", p3074, bad);
	expect_error(text, SUDOKU_FORMAT_AUTO, 1, 3, "'x' is not a symbol of 9x9 boards (1-9, blank . 0 - _)");
	/* Mixed sizes. */
	snprintf(text, sizeof text, "%s\n1...........4..2\n", p3074);
	expect_error(text, SUDOKU_FORMAT_AUTO, 1, 2,
		"a puzzle of side 4 among ones of side 9 (give --format to mix board sizes)");
	/* Binary junk and overlong lines. */
	snprintf(text, sizeof text, "%s\nab\001cd\n", p3074);
	expect_error(text, SUDOKU_FORMAT_AUTO, 1, 2, "binary data (byte 0x01)");
	expect_error("\x89PNG\r\n", SUDOKU_FORMAT_AUTO, 0, 1, "binary data (byte 0x89)");
	char *longline = malloc(SUDOKU_LINE_MAX + 10);
	memset(longline, '1', SUDOKU_LINE_MAX + 8);
	longline[SUDOKU_LINE_MAX + 8] = '\0';
	expect_error(longline, SUDOKU_FORMAT_AUTO, 0, 1, "line too long (more than 16384 characters)");
	free(longline);
	/* Grids: a number out of range, a short row, a truncated grid, a bad word. */
	snprintf(text, sizeof text, "%s\n8 0 0 0 0 0 0 0 0\n0 0 3 6 0 0 0 0 10\n", luogu_grid);
	expect_error(text, SUDOKU_FORMAT_AUTO, 1, 12, "number 10 is out of range for 9x9 boards (0-9)");
	expect_error("8 0 0 0 0 0 0 0 0\n0 0 3 6 0 0 0 0\n", SUDOKU_FORMAT_AUTO, 0, 2,
		"row 2 has 8 cells, expected 9");
	expect_error("8 0 0 0 0 0 0 0 0\n0 0 3 6 0 0 0 0 0 1\n", SUDOKU_FORMAT_AUTO, 0, 2,
		"row 2 has more than 9 cells, expected 9");
	expect_error("8 0 0 0 0 0 0 0 0\n0 0 3 6 0 0 0 0 0\n\n", SUDOKU_FORMAT_AUTO, 0, 1,
		"truncated grid: 2 of 9 rows");
	expect_error("8 0 0 0 0 0 0 0 0\n0 0 3 6 0 0 0 0 0\n", SUDOKU_FORMAT_AUTO, 0, 1,
		"truncated grid: 2 of 9 rows");
	expect_error("8 0 0 0 0 0 0 0 0\n0 0 3 6 0 0 0 0 xy\n", SUDOKU_FORMAT_AUTO, 0, 2,
		"'xy' is neither a number nor a symbol");
	expect_error("1 2 3 4 5\n", SUDOKU_FORMAT_AUTO, 0, 1,
		"a grid row of 5 cells: a side must be 4, 6, 8, 9, 10, 12, 15, 16, 20, 25, 36, 49, 64, 81 or 100 (others with --box)");
	/* Count format: fewer grids than announced. */
	expect_error("2\n1234\n3412\n2143\n4321\n", SUDOKU_FORMAT_AUTO, 1, 5,
		"truncated input: 1 more puzzle expected");
	expect_error("x\n", SUDOKU_FORMAT_COUNT, 0, 1, "expected the number of puzzles, not 'x'");
	/* Symbols of 16x16 letters in a digits file. */
	snprintf(text, sizeof text, "%s\n", spoj_text + 3);
	expect_error("1234\n34z2\n2143\n4321\n", SUDOKU_FORMAT_AUTO, 0, 2,
		"'z' is not a symbol of 4x4 boards (1-4, blank . 0 - _)");
}
END_TEST

/* Many puzzles in a row: the reader streams and keeps its line numbers. */
START_TEST(test_stream)
{
	enum { N = 20000 };
	size_t len = (size_t)N * 82 + 1;
	char *text = malloc(len);
	for (int k = 0; k < N; k++) {
		memcpy(text + (size_t)k * 82, p3074, 81);
		text[(size_t)k * 82 + 81] = '\n';
	}
	text[len - 1] = '\0';
	text[(size_t)(N - 1) * 82 + 5] = '?';
	struct src s = open_text(text, SUDOKU_FORMAT_AUTO, SUDOKU_ALPHA_AUTO);
	struct sudoku_puzzle pz;
	struct sudoku_read_error err;
	int k = 0, rc;
	while ((rc = sudoku_reader_next(s.r, &pz, &err)) == 1) {
		k++;
		ck_assert_uint_eq(pz.line, (size_t)k);
	}
	ck_assert_int_eq(k, N - 1);
	ck_assert_int_lt(rc, 0);
	ck_assert_uint_eq(err.line, N);
	close_all(&s);
	free(text);
}
END_TEST

/* A reader expecting region maps, over a string. */
static struct src open_jigsaw(const char *text, enum sudoku_format fmt)
{
	struct src s = open_text(text, fmt, SUDOKU_ALPHA_AUTO);
	sudoku_reader_expect_regions(s.r);
	return s;
}

static const char map4[] = "1122112234443334";

/* The map as a line of digits 1-9. */
static const char *regions_line(const struct sudoku_puzzle *pz)
{
	static char buf[82];
	size_t n = (size_t)pz->side * pz->side;
	for (size_t k = 0; k < n; k++)
		buf[k] = (char)('0' + pz->regions[k]);
	buf[n] = '\0';
	return buf;
}

START_TEST(test_region_maps)
{
	struct sudoku_puzzle pz;
	struct sudoku_read_error err;
	/* Line format: each puzzle line followed by its map line, blank lines and comments allowed. */
	struct src s = open_jigsaw("1...........4..2\n1122112234443334\n\n# two\n..3.............\n\n"
		"1111222233334444\n", SUDOKU_FORMAT_AUTO);
	ck_assert_int_eq(sudoku_reader_next(s.r, &pz, &err), 1);
	ck_assert_str_eq(as_line(&pz), "1...........4..2");
	ck_assert_str_eq(regions_line(&pz), map4);
	ck_assert_uint_eq(pz.line, 1);
	ck_assert_uint_eq(pz.regions_line, 2);
	ck_assert(!pz.blank_before);
	ck_assert_int_eq(sudoku_reader_next(s.r, &pz, &err), 1);
	ck_assert_str_eq(as_line(&pz), "..3.............");
	ck_assert_str_eq(regions_line(&pz), "1111222233334444");
	ck_assert_uint_eq(pz.line, 5);
	ck_assert_uint_eq(pz.regions_line, 7);
	ck_assert(pz.blank_before);
	ck_assert_int_eq(sudoku_reader_next(s.r, &pz, &err), 0);
	close_all(&s);
	/* Grids: N rows of the puzzle, then N rows of the map. */
	s = open_jigsaw("1 0 0 0\n0 0 0 0\n0 0 0 0\n4 0 0 2\n1 1 2 2\n1 1 2 2\n3 4 4 4\n3 3 3 4\n",
		SUDOKU_FORMAT_AUTO);
	ck_assert_int_eq(sudoku_reader_next(s.r, &pz, &err), 1);
	ck_assert_int_eq(pz.format, SUDOKU_FORMAT_GRID);
	ck_assert_str_eq(as_line(&pz), "1...........4..2");
	ck_assert_str_eq(regions_line(&pz), map4);
	ck_assert_uint_eq(pz.regions_line, 5);
	ck_assert_int_eq(sudoku_reader_next(s.r, &pz, &err), 0);
	close_all(&s);
	/* A count format counts the pairs. */
	s = open_jigsaw("1\n1000\n0000\n0000\n4002\n1122\n1122\n3444\n3334\nnot read\n", SUDOKU_FORMAT_AUTO);
	ck_assert_int_eq(sudoku_reader_next(s.r, &pz, &err), 1);
	ck_assert_int_eq(pz.format, SUDOKU_FORMAT_COUNT);
	ck_assert_str_eq(regions_line(&pz), map4);
	ck_assert_int_eq(sudoku_reader_next(s.r, &pz, &err), 0);
	close_all(&s);
	/* Without the expectation, the maps are puzzles like any other and regions stays NULL. */
	s = open_text("1...........4..2\n1122112234443334\n", SUDOKU_FORMAT_AUTO, SUDOKU_ALPHA_AUTO);
	ck_assert_int_eq(sudoku_reader_next(s.r, &pz, &err), 1);
	ck_assert_ptr_null(pz.regions);
	ck_assert_int_eq(sudoku_reader_next(s.r, &pz, &err), 1);
	ck_assert_str_eq(as_line(&pz), map4);
	close_all(&s);
}
END_TEST

/* Reads a jigsaw text expecting `good` pairs, then an error. */
static void expect_map_error(const char *text, int good, size_t line, const char *message)
{
	struct src s = open_jigsaw(text, SUDOKU_FORMAT_AUTO);
	struct sudoku_puzzle pz;
	struct sudoku_read_error err;
	for (int k = 0; k < good; k++)
		ck_assert_int_eq(sudoku_reader_next(s.r, &pz, &err), 1);
	ck_assert_int_eq(sudoku_reader_next(s.r, &pz, &err), DLX_ERR_SYNTAX);
	ck_assert_str_eq(err.message, message);
	ck_assert_uint_eq(err.line, line);
	close_all(&s);
}

START_TEST(test_region_map_errors)
{
	expect_map_error("1...........4..2\n", 0, 1, "missing the region map of the puzzle at line 1");
	expect_map_error("1...........4..2\n1122112234443334\n................\nend\n", 1, 4,
		"missing the region map of the puzzle at line 3");
	expect_map_error("1...........4..2\n1122112.34443334\n", 0, 2,
		"region map: r2c4 is blank (regions are numbered 1-4)");
	expect_map_error("1...........4..2\n1122112234443344\n", 0, 2, "region map: region 3 has 3 cells, not 4");
	expect_map_error("1...........4..2\n1122112234443335\n", 0, 2,
		"'5' is not a symbol of 4x4 boards (1-4, blank . 0 - _)");
	expect_map_error("1 0 0 0\n0 0 0 0\n0 0 0 0\n4 0 0 2\n1 1 2 2\n1 1 2 2\n3 4 0 4\n3 3 3 4\n", 0, 7,
		"region map: r3c3 is blank (regions are numbered 1-4)");
	/* With an explicit format a map must still be its puzzle's size. */
	char text[256];
	snprintf(text, sizeof text, "1...........4..2\n%s\n", p3074);
	struct src s = open_jigsaw(text, SUDOKU_FORMAT_LINE);
	struct sudoku_puzzle pz;
	struct sudoku_read_error err;
	ck_assert_int_eq(sudoku_reader_next(s.r, &pz, &err), DLX_ERR_SYNTAX);
	ck_assert_str_eq(err.message, "region map: 9x9, but its puzzle is 4x4");
	ck_assert_uint_eq(err.line, 2);
	close_all(&s);
}
END_TEST

/* Reads a --regions file from text, in an alphabet. */
static int read_map_in(const char *text, enum sudoku_alphabet alpha, uint8_t *map, unsigned *side,
	struct sudoku_read_error *err)
{
	FILE *f = fmemopen((void *)text, strlen(text), "r");
	ck_assert_ptr_nonnull(f);
	int rc = sudoku_read_region_map(f, alpha, NULL, map, side, err);
	fclose(f);
	return rc;
}

static int read_map(const char *text, uint8_t *map, unsigned *side, struct sudoku_read_error *err)
{
	return read_map_in(text, SUDOKU_ALPHA_AUTO, map, side, err);
}

START_TEST(test_region_map_file)
{
	uint8_t map[256];
	unsigned side = 0;
	struct sudoku_read_error err;
	ck_assert_int_eq(read_map("# a map\n1122\n1122\n3444\n3334\n", map, &side, &err), 0);
	ck_assert_uint_eq(side, 4);
	static const uint8_t want[16] = { 1, 1, 2, 2, 1, 1, 2, 2, 3, 4, 4, 4, 3, 3, 3, 4 };
	ck_assert_mem_eq(map, want, 16);
	ck_assert_int_eq(read_map("1122112234443334\n", map, &side, &err), 0);
	ck_assert_mem_eq(map, want, 16);
	ck_assert_int_eq(read_map("", map, &side, &err), DLX_ERR_SYNTAX);
	ck_assert_str_eq(err.message, "no region map in the file");
	ck_assert_uint_eq(err.line, 0);
	ck_assert_int_eq(read_map("1122112234443334\n1122112234443334\n", map, &side, &err), DLX_ERR_SYNTAX);
	ck_assert_str_eq(err.message, "a second board after the region map at line 1");
	ck_assert_uint_eq(err.line, 2);
	ck_assert_int_eq(read_map("1122\n1122\n3444\n3344\n", map, &side, &err), DLX_ERR_SYNTAX);
	ck_assert_str_eq(err.message, "region map: region 3 has 3 cells, not 4");
	ck_assert_uint_eq(err.line, 1);
	ck_assert_int_eq(read_map("1122\n1122\n3444\n3.34\n", map, &side, &err), DLX_ERR_SYNTAX);
	ck_assert_str_eq(err.message, "region map: r4c2 is blank (regions are numbered 1-4)");
	ck_assert_uint_eq(err.line, 4);
	/* The map is written in the puzzles' alphabet: in hex, 0 is the first symbol, not a blank. */
	ck_assert_int_eq(read_map_in("0011001123332223\n", SUDOKU_ALPHA_HEX, map, &side, &err), 0);
	ck_assert_mem_eq(map, want, 16);
	ck_assert_int_eq(read_map("0011001123332223\n", map, &side, &err), DLX_ERR_SYNTAX);
	ck_assert_str_eq(err.message, "region map: r1c1 is blank (regions are numbered 1-4)");
	/* ... and G is no hex symbol. */
	static const char sixteen[] = "0123456789ABCDEF";
	char big[16 * 17 + 1];
	for (int r = 0; r < 16; r++) {
		memcpy(big + 17 * r, sixteen, 16);
		big[17 * r + 16] = '\n';
	}
	big[16 * 17] = '\0';
	/* Each column a region. */
	ck_assert_int_eq(read_map_in(big, SUDOKU_ALPHA_HEX, map, &side, &err), 0);
	ck_assert_uint_eq(side, 16);
	ck_assert_uint_eq(map[255], 16);
	big[0] = 'G';
	ck_assert_int_eq(read_map_in(big, SUDOKU_ALPHA_HEX, map, &side, &err), DLX_ERR_SYNTAX);
	ck_assert_msg(strstr(err.message, "'G'") != NULL, "%s", err.message);
}
END_TEST

START_TEST(test_names)
{
	enum sudoku_format f;
	ck_assert(sudoku_format_parse("spoj", &f) && f == SUDOKU_FORMAT_COUNT);
	ck_assert(sudoku_format_parse("pretty", &f) && f == SUDOKU_FORMAT_DRAWN);
	ck_assert(!sudoku_format_parse("xml", &f));
	ck_assert_str_eq(sudoku_format_name(SUDOKU_FORMAT_GRID), "grid");
	enum sudoku_layout l;
	ck_assert(sudoku_layout_parse("pretty", &l) && l == SUDOKU_LAYOUT_PRETTY);
	ck_assert(!sudoku_layout_parse("drawn", &l));
	ck_assert(sudoku_layout_parse("ss", &l) && l == SUDOKU_LAYOUT_SS);
	ck_assert(sudoku_layout_parse("bordered", &l) && l == SUDOKU_LAYOUT_BORDERED);
}
END_TEST

/*
 * Readings that used to be wrong guesses (issue 13): a hex 16x16 puzzle read
 * in 1-9A-G, a 16x16 grid taken for 4x4 puzzles, 81 numbers on one line.
 */
static const char hex16[] =
	"A.67.4D.2..9C.BF..3..6...B.E9..19..........326....4...8E.......7.3..A7...D.682....D26B....ECA..38E.6..4C.2....7.4..C.E2.1397B.F..7......A....FC4..C......7..E.D...9.8.E..56...AB...B.9A....D613.69.8.A0...4..52.C.BDE.6.9....7......D.9..C..4....524F8B..A..D...";

START_TEST(test_guess_hex)
{
	/* '.' blanks next to '0' symbols: only hex makes sense. */
	struct src s = open_text(hex16, SUDOKU_FORMAT_AUTO, SUDOKU_ALPHA_AUTO);
	struct sudoku_puzzle pz;
	struct sudoku_read_error err;
	ck_assert_int_eq(sudoku_reader_next(s.r, &pz, &err), 1);
	ck_assert_uint_eq(pz.side, 16);
	ck_assert_int_eq(pz.alphabet, SUDOKU_ALPHA_HEX);
	ck_assert_ptr_null(pz.note);
	ck_assert_uint_eq(pz.cells[0], 11);  /* A */
	ck_assert_uint_eq(pz.cells[1], 0);   /* . */
	ck_assert_uint_eq(pz.cells[2], 7);   /* 6 */
	size_t zero = strchr(hex16, '0') - hex16;
	ck_assert_uint_eq(pz.cells[zero], 1);
	close_all(&s);

	/* '0' the only blank, symbols that hex could read too: a blank, and said so once. */
	char two[2 * 257 + 1];
	for (int k = 0; k < 256; k++)
		two[k] = two[257 + k] = hex16[k] == '.' ? '0' : hex16[k] == '0' ? '1' : hex16[k];
	two[256] = two[513] = '\n';
	two[514] = '\0';
	s = open_text(two, SUDOKU_FORMAT_AUTO, SUDOKU_ALPHA_AUTO);
	ck_assert_int_eq(sudoku_reader_next(s.r, &pz, &err), 1);
	ck_assert_int_eq(pz.alphabet, SUDOKU_ALPHA_ALNUM);
	ck_assert_uint_eq(pz.cells[1], 0);
	ck_assert_ptr_nonnull(pz.note);
	ck_assert_ptr_nonnull(strstr(pz.note, "--alphabet hex"));
	ck_assert_int_eq(sudoku_reader_next(s.r, &pz, &err), 1);
	ck_assert_ptr_null(pz.note);
	close_all(&s);

	/* A 'G' rules hex out: '0' and '.' are both blanks then, with no note. */
	char withg[258];
	memcpy(withg, two, 256);
	withg[1] = '.';
	withg[3] = 'G';
	withg[256] = '\n';
	withg[257] = '\0';
	s = open_text(withg, SUDOKU_FORMAT_AUTO, SUDOKU_ALPHA_AUTO);
	ck_assert_int_eq(sudoku_reader_next(s.r, &pz, &err), 1);
	ck_assert_int_eq(pz.alphabet, SUDOKU_ALPHA_ALNUM);
	ck_assert_ptr_null(pz.note);
	ck_assert_uint_eq(pz.cells[3], 16);
	close_all(&s);
}
END_TEST

/* hex16 as a grid of words, one cell a word: f maps each cell's byte (or NULL), word k replaces cell k (or NULL). */
static void spaced16(char *out, char (*f)(char), size_t k, const char *word)
{
	size_t n = 0;
	for (size_t c = 0; c < 256; c++) {
		if (c == k && word) {
			n += (size_t)sprintf(out + n, "%s", word);
		} else {
			out[n++] = f ? f(hex16[c]) : hex16[c];
		}
		out[n++] = c % 16 == 15 ? '\n' : ' ';
	}
	out[n] = '\0';
}

static char letters_blank(char c)
{
	return isalpha((unsigned char)c) ? '.' : c;
}

static char blanks_zero(char c)
{
	return isalpha((unsigned char)c) || c == '.' ? '0' : c;
}

/*
 * A hex puzzle written as a grid of words, "A . 6 7 . 4 D . 2": its digits
 * were read as decimal numbers, so '0' became a blank and 1-9 one digit
 * less than hex's beside the letters: a wrong board, exit 0, with
 * --alphabet hex too.  Digits beside symbols are symbols now.
 */
START_TEST(test_spaced_hex)
{
	char text[16 * 16 * 3 + 1];
	size_t zero = strchr(hex16, '0') - hex16;
	struct sudoku_puzzle pz;
	struct sudoku_read_error err;
	const enum sudoku_alphabet opts[2] = { SUDOKU_ALPHA_AUTO, SUDOKU_ALPHA_HEX };
	for (int t = 0; t < 2; t++) {
		spaced16(text, NULL, 256, NULL);
		struct src s = open_text(text, SUDOKU_FORMAT_AUTO, opts[t]);
		ck_assert_int_eq(sudoku_reader_next(s.r, &pz, &err), 1);
		ck_assert_uint_eq(pz.side, 16);
		ck_assert_int_eq(pz.alphabet, SUDOKU_ALPHA_HEX);
		ck_assert_ptr_null(pz.note);
		ck_assert_uint_eq(pz.cells[0], 11);  /* A */
		ck_assert_uint_eq(pz.cells[2], 7);   /* 6 */
		ck_assert_uint_eq(pz.cells[zero], 1);
		close_all(&s);
		/* No letter given: '0' beside '.' is a digit all the same. */
		spaced16(text, letters_blank, 256, NULL);
		s = open_text(text, SUDOKU_FORMAT_AUTO, opts[t]);
		ck_assert_int_eq(sudoku_reader_next(s.r, &pz, &err), 1);
		ck_assert_int_eq(pz.alphabet, SUDOKU_ALPHA_HEX);
		ck_assert_uint_eq(pz.cells[0], 0);
		ck_assert_uint_eq(pz.cells[2], 7);
		ck_assert_uint_eq(pz.cells[zero], 1);
		close_all(&s);
	}
	/* Numbers only, '0' the blank: a grid of numbers, which --alphabet hex says may be wrong. */
	spaced16(text, blanks_zero, 256, NULL);
	for (int t = 0; t < 2; t++) {
		struct src s = open_text(text, SUDOKU_FORMAT_AUTO, opts[t]);
		ck_assert_int_eq(sudoku_reader_next(s.r, &pz, &err), 1);
		ck_assert_uint_eq(pz.cells[0], 0);
		ck_assert_uint_eq(pz.cells[2], 6);
		if (t) {
			ck_assert_ptr_nonnull(pz.note);
			ck_assert_ptr_nonnull(strstr(pz.note, "'0' read as a blank"));
		}
		close_all(&s);
	}
	/* A number of two digits makes it a grid of numbers: letters beside it are alnum's 10 and up. */
	spaced16(text, letters_blank, 1, "16");
	text[0] = 'A';
	struct src s = open_text(text, SUDOKU_FORMAT_AUTO, SUDOKU_ALPHA_AUTO);
	ck_assert_int_eq(sudoku_reader_next(s.r, &pz, &err), 1);
	ck_assert_int_eq(pz.alphabet, SUDOKU_ALPHA_ALNUM);
	ck_assert_uint_eq(pz.cells[0], 10);
	ck_assert_uint_eq(pz.cells[1], 16);
	ck_assert_uint_eq(pz.cells[2], 6);
	ck_assert_uint_eq(pz.cells[zero], 0);
	close_all(&s);
}
END_TEST

static const char grid16_low_first_row[] =
	"0000100432000000\n"
	"GE4130D00C0FAB02\n"
	"ADF0C20BG014300E\n"
	"3C02AG0FD0EB1400\n"
	"C40AB0210EG003FD\n"
	"02E30CGA00FDB014\n"
	"0FG04E0DC3B12A00\n"
	"01BD0F3024A0CEG0\n"
	"E00F2140BAC30GD0\n"
	"40DB030C102GF0EA\n"
	"23AG0DFE400001BC\n"
	"001C0ABG0FDE0243\n"
	"0A00DB12EG0C403F\n"
	"DBCEF400A130G020\n"
	"1G24E0A3FD000C0B\n"
	"F030G0C00B42EDA1\n";

START_TEST(test_guess_16x16_grid)
{
	/* The first row holds only 1-4 and blanks; the rows after it decide. */
	struct src s = open_text(grid16_low_first_row, SUDOKU_FORMAT_AUTO, SUDOKU_ALPHA_AUTO);
	struct sudoku_puzzle pz;
	struct sudoku_read_error err;
	int rc = sudoku_reader_next(s.r, &pz, &err);
	ck_assert_msg(rc == 1, "rc %d, line %zu: %s", rc, err.line, err.message);
	ck_assert_uint_eq(pz.side, 16);
	ck_assert_int_eq(pz.format, SUDOKU_FORMAT_COMPACT);
	ck_assert_uint_eq(pz.cells[4], 1);
	ck_assert_uint_eq(pz.cells[16], 16); /* G */
	ck_assert_int_eq(sudoku_reader_next(s.r, &pz, &err), 0);
	close_all(&s);

	/* Sixteen 4x4 puzzles, comments between them, stay sixteen 4x4 puzzles. */
	char many[16 * 40];
	const char *want[16];
	size_t at = 0;
	for (int k = 0; k < 16; k++) {
		at += (size_t)snprintf(many + at, sizeof many - at, "%s1...........4..2\n", k % 5 ? "" : "# c\n");
		want[k] = "1...........4..2";
	}
	expect_puzzles(many, SUDOKU_FORMAT_AUTO, SUDOKU_ALPHA_AUTO, SUDOKU_FORMAT_LINE, want, 16);

	/* Looking ahead never reports an error early: the first puzzle comes first. */
	s = open_text("1...........4..2\n1...........4..2\nbad\x01line\n", SUDOKU_FORMAT_AUTO, SUDOKU_ALPHA_AUTO);
	ck_assert_int_eq(sudoku_reader_next(s.r, &pz, &err), 1);
	ck_assert_int_eq(sudoku_reader_next(s.r, &pz, &err), 1);
	ck_assert_int_eq(sudoku_reader_next(s.r, &pz, &err), DLX_ERR_SYNTAX);
	ck_assert_uint_eq(err.line, 3);
	ck_assert_str_eq(err.message, "binary data (byte 0x01)");
	close_all(&s);
}
END_TEST

START_TEST(test_guess_flat_grid)
{
	/* luogu's 9x9 grid pasted on one line: 81 numbers, one puzzle, answered as a grid. */
	char flat[256] = "";
	size_t at = 0;
	for (int k = 0; k < 81; k++)
		at += (size_t)snprintf(flat + at, sizeof flat - at, "%c%s", p3074[k] == '.' ? '0' : p3074[k],
			k < 80 ? " " : "\n");
	const char *want[] = { p3074, p3074 };
	char twice[512];
	snprintf(twice, sizeof twice, "%s\n%s", flat, flat);
	expect_puzzles(twice, SUDOKU_FORMAT_AUTO, SUDOKU_ALPHA_AUTO, SUDOKU_FORMAT_GRID, want, 2);

	/* 16 numbers that repeat a given: a 4x4 puzzle, not the row of a 16x16 grid. */
	const char *four[] = { "1...........4..1" };
	expect_puzzles("1 0 0 0 0 0 0 0 0 0 0 0 4 0 0 1\n", SUDOKU_FORMAT_AUTO, SUDOKU_ALPHA_AUTO,
		SUDOKU_FORMAT_GRID, four, 1);
	/* Without a repeat it opens a 16x16 grid, and the message says how many rows are missing. */
	expect_error("1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16\n", SUDOKU_FORMAT_AUTO, 0, 1,
		"truncated grid: 1 of 16 rows");
	/* A flat row too long to open a grid still has its numbers' range checked (a fuzzer find). */
	char flat16[1024];
	size_t at16 = 0;
	for (int k = 0; k < 256; k++)
		at16 += (size_t)snprintf(flat16 + at16, sizeof flat16 - at16, "%d%s", k == 255 ? 17 : 0, k < 255 ? " " : "\n");
	expect_error(flat16, SUDOKU_FORMAT_AUTO, 0, 1, "number 17 is out of range for 16x16 boards (0-16)");
}
END_TEST

/* A 6x6 puzzle with 2x3 boxes, and its solution. */
static const char p6[] = "...3......1.25.1..6.....4...23.6.5..";
static const char s6[] = "124356536412253164641235415623362541";

/* Reads one puzzle of text (with a --box choice, or none) and checks its side, boxes and format. */
static void expect_board(const char *text, struct sudoku_box choice, unsigned side, unsigned rows, unsigned cols,
	enum sudoku_format fmt, const char *cells)
{
	struct src s = open_text(text, SUDOKU_FORMAT_AUTO, SUDOKU_ALPHA_AUTO);
	sudoku_reader_set_box(s.r, choice);
	struct sudoku_puzzle pz;
	struct sudoku_read_error err;
	int rc = sudoku_reader_next(s.r, &pz, &err);
	ck_assert_msg(rc == 1, "rc %d, line %zu: %s", rc, err.line, err.message);
	ck_assert_uint_eq(pz.side, side);
	ck_assert_uint_eq(pz.box_rows, rows);
	ck_assert_uint_eq(pz.box_cols, cols);
	ck_assert_int_eq(pz.format, fmt);
	if (cells)
		ck_assert_str_eq(as_line(&pz), cells);
	ck_assert_int_eq(sudoku_reader_next(s.r, &pz, &err), 0);
	close_all(&s);
}

/* Boards of rectangular boxes: the table of sides, --box, and every layout. */
START_TEST(test_rectangles)
{
	const struct sudoku_box none = { 0, 0 }, tall = { 3, 2 };
	char text[2048];
	/* 6x6 as a line, compact rows, numbers and a drawn grid; 2x3 boxes unless told 3x2. */
	snprintf(text, sizeof text, "%s\n", p6);
	expect_board(text, none, 6, 2, 3, SUDOKU_FORMAT_LINE, p6);
	expect_board(text, tall, 6, 3, 2, SUDOKU_FORMAT_LINE, p6);
	expect_board("...3..\n....1.\n25.1..\n6.....\n4...23\n.6.5..\n", none, 6, 2, 3, SUDOKU_FORMAT_COMPACT, p6);
	expect_board("0 0 0 3 0 0\n0 0 0 0 1 0\n2 5 0 1 0 0\n6 0 0 0 0 0\n4 0 0 0 2 3\n0 6 0 5 0 0\n", none, 6, 2, 3,
		SUDOKU_FORMAT_GRID, p6);
	expect_board(". . . | 3 . .\n. . . | . 1 .\n------+------\n2 5 . | 1 . .\n6 . . | . . .\n"
		"------+------\n4 . . | . 2 3\n. 6 . | 5 . .\n", none, 6, 2, 3, SUDOKU_FORMAT_DRAWN, p6);
	/* 36 numbers on one line that repeat a given: the whole 6x6 puzzle, as luogu pastes a 9x9. */
	size_t at = 0;
	for (int k = 0; k < 36; k++)
		at += (size_t)snprintf(text + at, sizeof text - at, "%c%s", p6[k] == '.' ? '0' : p6[k], k < 35 ? " " : "\n");
	expect_board(text, none, 6, 2, 3, SUDOKU_FORMAT_GRID, p6);
	/* The other sides of the table: 8 = 2x4, 10 = 2x5, 12 = 3x4, 15 = 3x5, 20 = 4x5 (numbers). */
	static const unsigned table[][3] = { { 8, 2, 4 }, { 10, 2, 5 }, { 12, 3, 4 }, { 15, 3, 5 }, { 20, 4, 5 } };
	for (size_t t = 0; t < sizeof table / sizeof table[0]; t++) {
		unsigned side = table[t][0];
		at = 0;
		for (unsigned r = 0; r < side; r++)
			for (unsigned c = 0; c < side; c++)
				at += (size_t)snprintf(text + at, sizeof text - at, "%u%s", r == c ? r + 1 : 0,
					c + 1 < side ? " " : "\n");
		expect_board(text, none, side, table[t][1], table[t][2], SUDOKU_FORMAT_GRID, NULL);
	}
	/* 8x8 as a 64-symbol line: a puzzle, not the first row of a 64x64 grid. */
	char line8[66];
	for (int k = 0; k < 64; k++)
		line8[k] = k % 9 == 0 ? (char)('1' + k / 9) : '.';
	line8[64] = '\n';
	line8[65] = '\0';
	expect_board(line8, none, 8, 2, 4, SUDOKU_FORMAT_LINE, NULL);
	/* Sides outside the table need --box: 14x14 (2x7). */
	at = 0;
	for (unsigned r = 0; r < 14; r++)
		for (unsigned c = 0; c < 14; c++)
			at += (size_t)snprintf(text + at, sizeof text - at, "%u%s", r == c ? r + 1 : 0, c < 13 ? " " : "\n");
	expect_board(text, (struct sudoku_box){ 2, 7 }, 14, 2, 7, SUDOKU_FORMAT_GRID, NULL);
	expect_error(text, SUDOKU_FORMAT_AUTO, 0, 1,
		"a grid row of 14 cells: a side must be 4, 6, 8, 9, 10, 12, 15, 16, 20, 25, 36, 49, 64, 81 or 100 "
		"(others with --box)");
	/* --box of a square side wins over n x n: 16x16 with 2x8 boxes. */
	at = 0;
	for (unsigned r = 0; r < 16; r++)
		at += (size_t)snprintf(text + at, sizeof text - at, "%s\n", "9...............");
	expect_board(text, (struct sudoku_box){ 2, 8 }, 16, 2, 8, SUDOKU_FORMAT_COMPACT, NULL);
	struct sudoku_box b;
	ck_assert(sudoku_box_of_side(12, NULL, &b) && b.rows == 3 && b.cols == 4);
	ck_assert(sudoku_box_of_side(12, &tall, &b) && b.rows == 3 && b.cols == 4);
	ck_assert(!sudoku_box_of_side(14, NULL, &b) && b.rows == 0);
	ck_assert(!sudoku_box_of_side(7, NULL, &b));
}
END_TEST

/* Sixteen 6x6 puzzle lines stay lines; a 36x36 compact grid whose first row looks like one is a grid. */
START_TEST(test_rectangles_36)
{
	char many[16 * 40];
	const char *want[16];
	size_t at = 0;
	for (int k = 0; k < 16; k++) {
		at += (size_t)snprintf(many + at, sizeof many - at, "%s\n", p6);
		want[k] = p6;
	}
	expect_puzzles(many, SUDOKU_FORMAT_AUTO, SUDOKU_ALPHA_AUTO, SUDOKU_FORMAT_LINE, want, 16);
	/* A 36x36 board: the first row holds 1-6 and blanks only, the second a 7. */
	char grid[36 * 37 + 1];
	for (int r = 0; r < 36; r++) {
		for (int c = 0; c < 36; c++)
			grid[37 * r + c] = r == c ? sudoku_alphabet_symbol(SUDOKU_ALPHA_ALNUM, (unsigned)r + 1) : '.';
		grid[37 * r + 36] = '\n';
	}
	grid[36 * 37] = '\0';
	struct src s = open_text(grid, SUDOKU_FORMAT_AUTO, SUDOKU_ALPHA_AUTO);
	struct sudoku_puzzle pz;
	struct sudoku_read_error err;
	ck_assert_int_eq(sudoku_reader_next(s.r, &pz, &err), 1);
	ck_assert_uint_eq(pz.side, 36);
	ck_assert_uint_eq(pz.box_rows, 6);
	ck_assert_int_eq(pz.format, SUDOKU_FORMAT_COMPACT);
	close_all(&s);
}
END_TEST

/* The writer draws R x C boxes; every layout reads back. */
START_TEST(test_writer_rectangles)
{
	uint8_t b[36];
	for (int k = 0; k < 36; k++)
		b[k] = (uint8_t)(s6[k] - '0');
	char buf[512];
	size_t n = sudoku_write(buf, SUDOKU_LAYOUT_PRETTY, SUDOKU_ALPHA_ALNUM, 2, 3, b);
	ck_assert_uint_le(n, sudoku_write_size(SUDOKU_LAYOUT_PRETTY, SUDOKU_ALPHA_ALNUM, 2, 3));
	buf[n] = '\0';
	ck_assert_str_eq(buf, "1 2 4 | 3 5 6\n5 3 6 | 4 1 2\n------+------\n2 5 3 | 1 6 4\n6 4 1 | 2 3 5\n"
		"------+------\n4 1 5 | 6 2 3\n3 6 2 | 5 4 1\n");
	n = sudoku_write(buf, SUDOKU_LAYOUT_PRETTY, SUDOKU_ALPHA_ALNUM, 3, 2, b);
	buf[n] = '\0';
	ck_assert_str_eq(buf, "1 2 | 4 3 | 5 6\n5 3 | 6 4 | 1 2\n2 5 | 3 1 | 6 4\n----+-----+----\n6 4 | 1 2 | 3 5\n"
		"4 1 | 5 6 | 2 3\n3 6 | 2 5 | 4 1\n");
	static const enum sudoku_layout layouts[] = {
		SUDOKU_LAYOUT_LINE, SUDOKU_LAYOUT_GRID, SUDOKU_LAYOUT_COMPACT, SUDOKU_LAYOUT_PRETTY, SUDOKU_LAYOUT_SS,
		SUDOKU_LAYOUT_BORDERED
	};
	for (unsigned rows = 2; rows <= 3; rows++) {
		for (int k = 0; k < 6; k++) {
			n = sudoku_write(buf, layouts[k], SUDOKU_ALPHA_ALNUM, rows, 6 / rows, b);
			buf[n] = '\0';
			struct src s = open_text(buf, SUDOKU_FORMAT_AUTO, SUDOKU_ALPHA_AUTO);
			sudoku_reader_set_box(s.r, (struct sudoku_box){ rows, 6 / rows });
			struct sudoku_puzzle pz;
			struct sudoku_read_error err;
			ck_assert_msg(sudoku_reader_next(s.r, &pz, &err) == 1, "layout %d: %s", k, err.message);
			ck_assert_mem_eq(pz.cells, b, 36);
			ck_assert_uint_eq(pz.box_rows, rows);
			close_all(&s);
		}
	}
	/* The size bound covers the widest rectangles: 2x50 boxes on a 100x100 board. */
	ck_assert_uint_ge(sudoku_write_size(SUDOKU_LAYOUT_GRID, SUDOKU_ALPHA_ALNUM, 2, 50), 100 * 100 * 2);
	ck_assert_uint_eq(sudoku_write_size(SUDOKU_LAYOUT_PRETTY, SUDOKU_ALPHA_ALNUM, 2, 50), 0);
}
END_TEST

/* Lines of candidates: 729 symbols for 9x9 (sukaku), N³ for other sides; 64 and 4096 with --format only. */
START_TEST(test_candidate_lines)
{
	/* The p3074 puzzle as marks: a given's digit alone, 1-9 in a blank. */
	char line[730 * 2 + 1];
	for (int k = 0; k < 81; k++)
		for (int d = 1; d <= 9; d++)
			line[k * 9 + d - 1] = p3074[k] == '.' || p3074[k] == '0' + d ? (char)('0' + d) : '.';
	line[729] = '\n';
	memcpy(line + 730, line, 730);
	/* The second with 0 as its blank, and r1c1 down to 4 and 6. */
	for (int k = 730; k < 730 + 729; k++)
		if (line[k] == '.')
			line[k] = '0';
	memcpy(line + 730, "000406000", 9);
	line[730 * 2] = '\0';
	struct src s = open_text(line, SUDOKU_FORMAT_AUTO, SUDOKU_ALPHA_AUTO);
	struct sudoku_puzzle pz;
	struct sudoku_read_error err;
	ck_assert_int_eq(sudoku_reader_next(s.r, &pz, &err), 1);
	ck_assert_int_eq(pz.format, SUDOKU_FORMAT_MARKS);
	ck_assert_uint_eq(pz.side, 9);
	ck_assert_ptr_nonnull(pz.marks);
	ck_assert_str_eq(as_line(&pz), p3074);
	ck_assert_uint_eq(pz.marks[0] + pz.marks[3] + pz.marks[5] + pz.marks[8], 4);
	ck_assert_int_eq(sudoku_reader_next(s.r, &pz, &err), 1);
	ck_assert_uint_eq(pz.marks[0] + pz.marks[3] + pz.marks[5] + pz.marks[8], 2);
	ck_assert_uint_eq(pz.marks[3], 1);
	ck_assert_uint_eq(pz.marks[5], 1);
	ck_assert_uint_eq(pz.cells[0], 0);
	ck_assert_int_eq(sudoku_reader_next(s.r, &pz, &err), 0);
	close_all(&s);
	/* A symbol at another digit's place. */
	line[3] = '7';
	line[730] = '\0';
	expect_error(line, SUDOKU_FORMAT_AUTO, 0, 1, "r1c1: candidate 4 is '7', not '4' or a blank");
	/* 6x6: 216 symbols; a 4x4 needs --format candidates (64 symbols are an 8x8 puzzle line). */
	char six[218];
	for (int k = 0; k < 216; k++)
		six[k] = (char)('1' + k % 6);
	six[216] = '\n';
	six[217] = '\0';
	s = open_text(six, SUDOKU_FORMAT_AUTO, SUDOKU_ALPHA_AUTO);
	ck_assert_int_eq(sudoku_reader_next(s.r, &pz, &err), 1);
	ck_assert_uint_eq(pz.side, 6);
	ck_assert_uint_eq(pz.box_cols, 3);
	close_all(&s);
	char four[66];
	for (int k = 0; k < 64; k++)
		four[k] = (char)('1' + k % 4);
	four[64] = '\n';
	four[65] = '\0';
	s = open_text(four, SUDOKU_FORMAT_MARKS, SUDOKU_ALPHA_AUTO);
	ck_assert_int_eq(sudoku_reader_next(s.r, &pz, &err), 1);
	ck_assert_uint_eq(pz.side, 4);
	ck_assert_int_eq(pz.format, SUDOKU_FORMAT_MARKS);
	close_all(&s);
	s = open_text(four, SUDOKU_FORMAT_AUTO, SUDOKU_ALPHA_AUTO);
	ck_assert_int_eq(sudoku_reader_next(s.r, &pz, &err), 1);
	ck_assert_int_eq(pz.format, SUDOKU_FORMAT_LINE);
	ck_assert_uint_eq(pz.side, 8);
	close_all(&s);
	expect_error("123\n", SUDOKU_FORMAT_MARKS, 0, 1,
		"wrong length: 3 characters (a line of candidates has N^3: 64 for 4x4, 216, 512, 729 for 9x9, ... up to "
		"25x25)");
	/* Jigsaw maps cannot follow a line of candidates. */
	s = open_text(six, SUDOKU_FORMAT_AUTO, SUDOKU_ALPHA_AUTO);
	sudoku_reader_expect_regions(s.r);
	ck_assert_int_eq(sudoku_reader_next(s.r, &pz, &err), DLX_ERR_SYNTAX);
	ck_assert_str_eq(err.message, "a line of candidates cannot be followed by its region map: give the map with --regions");
	close_all(&s);
	enum sudoku_format f;
	ck_assert(sudoku_format_parse("sukaku", &f) && f == SUDOKU_FORMAT_MARKS);
	ck_assert_str_eq(sudoku_format_name(SUDOKU_FORMAT_MARKS), "candidates");
}
END_TEST

/* Grids of pencil marks, as HoDoKu, Simple Sudoku and dlx-sudoku --candidates print them. */
static const char hodoku[] =
	".----------------.---------------------.--------------.\n"
	"| 6   8     9    | 157  1357  1357     | 13   4   2   |\n"
	"| 1   3     4    | 6    8     2        | 7    5   9   |\n"
	"| 7   25    25   | 15   9     4        | 136  38  368 |\n"
	":----------------+---------------------+--------------:\n"
	"| 35  15679 1357 | 4    2     1579     | 356  38  368 |\n"
	"| 345 2457  2357 | 8    6     57       | 345  9   1   |\n"
	"| 8   14569 15   | 3    15    159      | 456  2   7   |\n"
	":----------------+---------------------+--------------:\n"
	"| 2   147   8    | 17   1347  137      | 9    6   5   |\n"
	"| 345 457   6    | 9    3457  8        | 2    1   34  |\n"
	"| 9   145   135  | 2    1345  6        | 8    7   34  |\n"
	"'----------------'---------------------'--------------'\n";

START_TEST(test_pencil_grids)
{
	struct src s = open_text(hodoku, SUDOKU_FORMAT_AUTO, SUDOKU_ALPHA_AUTO);
	struct sudoku_puzzle pz;
	struct sudoku_read_error err;
	ck_assert_int_eq(sudoku_reader_next(s.r, &pz, &err), 1);
	ck_assert_int_eq(pz.format, SUDOKU_FORMAT_PENCIL);
	ck_assert_uint_eq(pz.side, 9);
	ck_assert_uint_eq(pz.line, 2);
	ck_assert_str_eq(as_line(&pz), "689....421346827597...94......42.......86..918..3...272.8...965..69.821.9..2.687.");
	/* r1c4 holds 1, 5 and 7. */
	ck_assert_uint_eq(pz.marks[3 * 9 + 0] + pz.marks[3 * 9 + 4] + pz.marks[3 * 9 + 6], 3);
	ck_assert_uint_eq(pz.marks[3 * 9 + 1], 0);
	uint8_t marks[729];
	memcpy(marks, pz.marks, 729);
	ck_assert_int_eq(sudoku_reader_next(s.r, &pz, &err), 0);
	close_all(&s);
	/* Written as a grid and as a line, the marks read back the same. */
	for (int grid = 0; grid <= 1; grid++) {
		char buf[2048];
		size_t n = sudoku_write_marks(buf, grid, SUDOKU_ALPHA_ALNUM, 3, 3, marks);
		ck_assert_uint_le(n, sudoku_write_marks_size(grid, SUDOKU_ALPHA_ALNUM, 3, 3));
		buf[n] = '\0';
		s = open_text(buf, SUDOKU_FORMAT_AUTO, SUDOKU_ALPHA_AUTO);
		ck_assert_int_eq(sudoku_reader_next(s.r, &pz, &err), 1);
		ck_assert_int_eq(pz.format, grid ? SUDOKU_FORMAT_PENCIL : SUDOKU_FORMAT_MARKS);
		ck_assert_mem_eq(pz.marks, marks, 729);
		close_all(&s);
	}
	/* Simple Sudoku's frame: '*' corners, '|' at both ends. */
	char ss[sizeof hodoku];
	memcpy(ss, hodoku, sizeof hodoku);
	for (char *p = ss; *p; p++) {
		bool rule = p == ss || p[-1] == '\n';
		if (rule && (*p == '.' || *p == '\''))
			*p = '*';
		if (rule && *p == ':')
			*p = '|';
	}
	s = open_text(ss, SUDOKU_FORMAT_AUTO, SUDOKU_ALPHA_AUTO);
	ck_assert_int_eq(sudoku_reader_next(s.r, &pz, &err), 1);
	ck_assert_int_eq(pz.format, SUDOKU_FORMAT_PENCIL);
	ck_assert_mem_eq(pz.marks, marks, 729);
	close_all(&s);
	/* A 4x4 grid of marks, with '.' for a cell without candidates. */
	s = open_text("12 34 | 3 4\n3 4 | 12 .\n--------+----\n2 1 | 4 3\n4 3 | 12 12\n", SUDOKU_FORMAT_AUTO,
		SUDOKU_ALPHA_AUTO);
	ck_assert_int_eq(sudoku_reader_next(s.r, &pz, &err), 1);
	ck_assert_int_eq(pz.format, SUDOKU_FORMAT_PENCIL);
	ck_assert_uint_eq(pz.side, 4);
	ck_assert_uint_eq(pz.marks[7 * 4 + 0] + pz.marks[7 * 4 + 1] + pz.marks[7 * 4 + 2] + pz.marks[7 * 4 + 3], 0);
	close_all(&s);
	/* Drawn grids of one symbol per cell stay drawn grids. */
	s = open_text("12|34\n34|12\n-----\n21|43\n43|21\n", SUDOKU_FORMAT_AUTO, SUDOKU_ALPHA_AUTO);
	ck_assert_int_eq(sudoku_reader_next(s.r, &pz, &err), 1);
	ck_assert_int_eq(pz.format, SUDOKU_FORMAT_DRAWN);
	close_all(&s);
	/* Errors name their line. */
	expect_error("12 34 | 3 4\n3 4 | 12\n", SUDOKU_FORMAT_AUTO, 0, 2, "row 2 has 3 cells of pencil marks, expected 4");
	expect_error("12 34 | 3 4\n3 4 | 12 5\n", SUDOKU_FORMAT_AUTO, 0, 2, "r2c4: '5' is not a candidate of 4x4 boards");
	expect_error("12 34 | 3 4\n3 4 | 121 4\n", SUDOKU_FORMAT_AUTO, 0, 2, "r2c3: candidate '1' twice");
	expect_error("12 34 | 3 4\n3 4 | 12 4\n", SUDOKU_FORMAT_AUTO, 0, 1, "truncated grid: 2 of 4 rows");
	expect_error("12 3\n", SUDOKU_FORMAT_PENCIL, 0, 1,
		"a row of 2 pencil marks: a grid of them has 4, 6, 8, 9, ... or 25 cells a row");
}
END_TEST


/* Reads text with one of the extras' readers through a memory stream. */
static int read_cages_text(const char *text, struct sudoku_cages *c, struct sudoku_read_error *err)
{
	FILE *f = fmemopen((void *)text, strlen(text), "r");
	ck_assert_ptr_nonnull(f);
	int rc = sudoku_read_cages(f, c, err);
	fclose(f);
	return rc;
}

static int read_parity_text(const char *text, uint8_t *marks, unsigned *side, struct sudoku_read_error *err)
{
	FILE *f = fmemopen((void *)text, strlen(text), "r");
	ck_assert_ptr_nonnull(f);
	int rc = sudoku_read_parity(f, marks, side, err);
	fclose(f);
	return rc;
}

START_TEST(test_parity_maps)
{
	static uint8_t m[SUDOKU_EXTRAS_MAX_CELLS];
	unsigned side = 0;
	struct sudoku_read_error err;
	/* Rows with blanks, rows without, one line: the same marks. */
	static const char *const forms[] = {
		"# marks\no e . .\n. . . .\n\n. . - 0\nE . . O\n",
		"oe..\n....\n..-0\nE..O\n",
	};
	static const char line[] = "oe..........E..O\n";
	for (int k = 0; k < 3; k++) {
		ck_assert_int_eq(read_parity_text(k < 2 ? forms[k] : line, m, &side, &err), 0);
		ck_assert_uint_eq(side, 4);
		ck_assert_uint_eq(m[0], DLX_SUDOKU_PARITY_ODD);
		ck_assert_uint_eq(m[1], DLX_SUDOKU_PARITY_EVEN);
		ck_assert_uint_eq(m[2], DLX_SUDOKU_PARITY_ANY);
		ck_assert_uint_eq(m[12], DLX_SUDOKU_PARITY_EVEN);
		ck_assert_uint_eq(m[15], DLX_SUDOKU_PARITY_ODD);
	}
	ck_assert_int_eq(read_parity_text("o e . .\n. . .\n", m, &side, &err), DLX_ERR_SYNTAX);
	ck_assert_uint_eq(err.line, 2);
	ck_assert_str_eq(err.message, "parity map: row 2 has 3 marks, not 4");
	ck_assert_int_eq(read_parity_text("o e\ne o\n", m, &side, &err), DLX_ERR_SYNTAX);
	ck_assert_str_eq(err.message, "parity map: 4 marks in rows, not a board's N x N");
	ck_assert_int_eq(read_parity_text("\n# none\n", m, &side, &err), DLX_ERR_SYNTAX);
	ck_assert_str_eq(err.message, "no parity map in the file");
	ck_assert_int_eq(read_parity_text("oex.\n", m, &side, &err), DLX_ERR_SYNTAX);
	ck_assert_str_eq(err.message, "parity map: 'x' is not a mark (o odd, e even, . any)");
}
END_TEST

/* Writes c in a form into a string (freed by the caller). */
static char *written(const struct sudoku_cages *c, bool line, struct sudoku_box box, int *rc)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&buf, &len);
	ck_assert_ptr_nonnull(out);
	*rc = line ? sudoku_write_cages_line(out, c, box, c->diagonals) : sudoku_write_cages_map(out, c);
	fclose(out);
	return buf;
}

START_TEST(test_cage_files)
{
	static struct sudoku_cages c, back;
	struct sudoku_read_error err;
	/* Single-character names, '.', sums in both spellings over two lines, one cage without a sum. */
	ck_assert_int_eq(read_cages_text("# 4x4\naabb\nc..d\nc..d\neeff\na=3, b:7\ne=7;\n", &c, &err), 0);
	ck_assert_uint_eq(c.side, 4);
	ck_assert_uint_eq(c.n_cages, 6);
	ck_assert_uint_eq(c.box.rows, 0);
	static const uint32_t cages[16] = { 1, 1, 2, 2, 3, 0, 0, 4, 3, 0, 0, 4, 5, 5, 6, 6 };
	static const uint32_t sums[6] = { 3, 7, 0, 0, 7, 0 };
	ck_assert_mem_eq(c.cage, cages, sizeof cages);
	ck_assert_mem_eq(c.sum, sums, sizeof sums);
	/* Written as a map: letters in the order of the cages, then the sums. */
	int rc;
	char *text = written(&c, false, c.box, &rc);
	ck_assert_int_eq(rc, 0);
	ck_assert_str_eq(text, "aabb\nc..d\nc..d\neeff\na=3 b=7 e=7\n");
	free(text);
	/* The one-line form: sum·256 + id, uncaged cells an id of their own with sum 0. */
	struct sudoku_box b22 = { 2, 2 };
	text = written(&c, true, b22, &rc);
	ck_assert_int_eq(rc, 0);
	ck_assert_str_eq(text, "2x2::k:768:768:1793:1793:2:6:7:3:2:8:9:3:1796:1796:5:5:\n");
	ck_assert_int_eq(read_cages_text(text, &back, &err), 0);
	free(text);
	ck_assert_uint_eq(back.box.rows, 2);
	ck_assert_uint_eq(back.box.cols, 2);
	ck_assert(!back.diagonals);
	ck_assert_uint_eq(back.n_cages, 6);
	ck_assert_mem_eq(back.cage, cages, sizeof cages);
	ck_assert_mem_eq(back.sum, sums, sizeof sums);
	/* Words between blanks as names; 'd' in the line's header. */
	ck_assert_int_eq(read_cages_text("x1 x1 y y\nz . . w\nz . . w\nlong long q q\nx1=3 long=7\n", &c, &err), 0);
	ck_assert_uint_eq(c.n_cages, 6);
	ck_assert_uint_eq(c.sum[0], 3);
	ck_assert_uint_eq(c.sum[4], 7);
	ck_assert_int_eq(read_cages_text("2x2:d:k:768:768:1793:1793:2:6:7:3:2:8:9:3:1796:1796:5:5\n", &c, &err), 0);
	ck_assert(c.diagonals);
	/* Errors, with their lines. */
	static const struct { const char *text; size_t line; const char *message; } bad[] = {
		{ "aabb\nc.d\n", 2, "cage map: row 2 has 3 cells, not 4" },
		{ "aabb\nc..d\nc..d\n", 0, "cage map: 3 rows, not 4" },
		{ "aab\nc.d\nc.d\n", 1, "cage map: rows of 3 cells, not 4-100" },
		{ "aabb\nc..d\nc..d\neeff\na=3 z=1\n", 5, "cage sums: no cage 'z' in the map" },
		{ "aabb\nc..d\nc..d\neeff\na=3\na=4\n", 6, "cage sums: a second sum for cage 'a'" },
		{ "aabb\nc..d\nc..d\neeff\na=0\n", 5, "cage sums: the sum of 'a' is not a number 1-1000000" },
		{ "aabb\nc..d\nc..d\neeff\na 3\n", 5, "cage sums: expected NAME=SUM, got 'a'" },
		{ "2x2::k:1:2\n", 1, "cage line: 2 fields, not 16" },
		{ "2x2::k:768:1024:1:2:3:4:5:6:7:8:9:10:11:12:13:14\n", 1,
			"cage line: r1c1 is in cage 0 with sum 3, r1c2 with sum 4" },
		{ "2x2::k:1:2:3:4:5:6:7:8:9:10:11:12:13:14:15:16:17\n", 1, "cage line: more than 16 fields" },
		{ "2x2::k:1:2:3:4:5:6:7:8:9:10:11:12:13:14:15:16\nmore\n", 2, "cage line: more text after the line" },
		{ "2x2:x:k:1\n", 1, "cage line: expected \":k:\" or \":d:k:\" after \"2x2\"" },
		{ "1x2::k:1\n", 1, "cage line: expected \"RxC:\" (e.g. 3x3::k:), boxes of 2-50 cells a side" },
		{ "# nothing\n", 0, "no cages in the file" },
	};
	for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
		ck_assert_int_eq(read_cages_text(bad[k].text, &c, &err), DLX_ERR_SYNTAX);
		ck_assert_msg(err.line == bad[k].line && strcmp(err.message, bad[k].message) == 0,
			"case %zu: line %zu: %s", k, err.line, err.message);
	}
	/* The line form has 256 ids: a 25x25 board's 625 uncaged cells do not fit. */
	memset(&c, 0, sizeof c);
	c.side = 25;
	for (size_t cell = 0; cell < 625; cell++)
		c.cage[cell] = 0;
	struct sudoku_box b55 = { 5, 5 };
	text = written(&c, true, b55, &rc);
	ck_assert_int_eq(rc, DLX_ERR_INVALID);
	free(text);
}
END_TEST

static Suite *read_suite(void)
{
	Suite *s = suite_create("sudoku-read");
	TCase *tc = tcase_create("formats");
	tcase_add_test(tc, test_line_format);
	tcase_add_test(tc, test_grid_format);
	tcase_add_test(tc, test_compact_and_count);
	tcase_add_test(tc, test_drawn);
	tcase_add_test(tc, test_simple_sudoku);
	tcase_add_test(tc, test_candidate_lines);
	tcase_add_test(tc, test_pencil_grids);
	tcase_add_test(tc, test_names);
	suite_add_tcase(s, tc);
	tc = tcase_create("alphabets");
	tcase_add_test(tc, test_alphabets);
	suite_add_tcase(s, tc);
	tc = tcase_create("guesses");
	tcase_add_test(tc, test_guess_hex);
	tcase_add_test(tc, test_spaced_hex);
	tcase_add_test(tc, test_guess_16x16_grid);
	tcase_add_test(tc, test_guess_flat_grid);
	tcase_add_test(tc, test_rectangles);
	tcase_add_test(tc, test_rectangles_36);
	suite_add_tcase(s, tc);
	tc = tcase_create("write");
	tcase_add_test(tc, test_writer);
	tcase_add_test(tc, test_writer_rectangles);
	suite_add_tcase(s, tc);
	tc = tcase_create("errors");
	tcase_add_test(tc, test_bad_input);
	suite_add_tcase(s, tc);
	tc = tcase_create("regions");
	tcase_add_test(tc, test_region_maps);
	tcase_add_test(tc, test_region_map_errors);
	tcase_add_test(tc, test_region_map_file);
	suite_add_tcase(s, tc);
	tc = tcase_create("extras");
	tcase_add_test(tc, test_parity_maps);
	tcase_add_test(tc, test_cage_files);
	suite_add_tcase(s, tc);
	tc = tcase_create("stream");
	tcase_add_test(tc, test_stream);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(read_suite());
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
