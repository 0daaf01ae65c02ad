/*
 * Fuzz harness for the sudoku reader (src/sudoku-text/sudoku-read.c), the writer and the
 * givens check of the sudoku library.
 *
 * Input layout: byte 0 picks the reader's settings, the rest is the text.
 *   format   = byte0 % 6        (auto, line, grid, compact, drawn, count; lines of
 *                                candidates are reached through auto)
 *   alphabet = byte0 / 6 % 4    (auto, alnum, letters, hex)
 *   solve    = byte0 / 24 % 2   (also search boards of side 9 and less)
 *   regions  = byte0 / 48 % 2   (every puzzle followed by a jigsaw region map;
 *                                the text is also read as one map alone)
 * Missing byte 0 reads as 0: auto/auto on empty text.
 *
 * Every puzzle and error is checked against what the text itself says,
 * worked out here independently of the reader:
 * - sudoku_reader_next returns 1, 0 or DLX_ERR_SYNTAX (fmemopen cannot fail a
 *   read), and after 0 keeps returning 0;
 * - a puzzle has a side the reader knows (n², or R·C of its table of
 *   rectangles) with its boxes, cells in 0..side, the format and
 *   alphabet asked for (one format and size per input under auto), a first
 *   line that holds text (not blank, not a comment) and comes before any line
 *   "end", after the previous puzzle's, and the puzzles' rows fit in the
 *   input's lines (a grid's rows, or one line for a flat one: all its cells
 *   on its first line); a line-format puzzle decodes, symbol by symbol, to its cells;
 * - every puzzle written in each layout the alphabet can show reads back
 *   identical (the writer and the reader agree);
 * - an error has a message and a line of the input (0 only for empty text);
 *   "binary data" and "line too long" errors name a line that is so (a
 *   comment may hold any byte), and no
 *   error is about a line after "end";
 * - with solve set, on boards of side 4 to 9 (2x2, 2x3, 2x4 and 3x3 boxes), dlx_sudoku_check's verdict
 *   matches a duplicate search done here, and every solution found within a
 *   node limit keeps the givens and is a valid sudoku;
 * - with regions set, every puzzle has a map on a later line than its own
 *   first line, that dlx_sudoku_check_regions() accepts, and a jigsaw solver
 *   builds on it; the text read as one map alone is accepted or refused
 *   with a message, and an accepted map is valid too.
 * Any violation aborts.  It builds with gcc too, for the replay test.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dlx-sudoku.h"
#include "sudoku-read.h"
#include "sudoku-write.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Keeps a 9x9 search with few givens to a few milliseconds. */
#define NODE_LIMIT 3000

#define EXPECT(cond, ...)                                                              \
	do {                                                                           \
		if (!(cond)) {                                                         \
			fprintf(stderr, "fuzz-sudoku-read: %s:%d: expected %s: ", __FILE__, __LINE__, #cond); \
			fprintf(stderr, __VA_ARGS__);                                  \
			fputc('\n', stderr);                                           \
			abort();                                                       \
		}                                                                      \
	} while (0)

/* The text split into lines the way the format defines them: LF, CR LF or a CR alone ends a line. */
struct text {
	const uint8_t *d;
	size_t size;
	size_t n_lines;  /* the last line may lack its LF */
	size_t *start;   /* start[1..n_lines], and start[n_lines + 1] = size + 1 */
	size_t end_line; /* the first line "end" (surrounding blanks ignored), 0 if none */
};

static bool blank_byte(uint8_t c)
{
	return c == ' ' || c == '\t' || c == '\r';
}

/* Line l (1-based) without LF and surrounding blanks: [*a, *b). */
static void trimmed(const struct text *t, size_t l, size_t *a, size_t *b)
{
	size_t s = t->start[l], e = t->start[l + 1] - 1;
	while (s < e && blank_byte(t->d[s]))
		s++;
	while (e > s && blank_byte(t->d[e - 1]))
		e--;
	*a = s;
	*b = e;
}

/* Whether byte k ends a line: an LF, or a CR that no LF follows (CR LF ends one at its LF). */
static bool ends_line(const uint8_t *d, size_t size, size_t k)
{
	return d[k] == '\n' || (d[k] == '\r' && (k + 1 == size || d[k + 1] != '\n'));
}

static void split_text(const uint8_t *d, size_t size, struct text *t)
{
	t->d = d;
	t->size = size;
	size_t n = 0;
	for (size_t k = 0; k < size; k++)
		n += ends_line(d, size, k);
	bool ended = size && ends_line(d, size, size - 1);
	if (size && !ended)
		n++;
	t->n_lines = n;
	t->start = malloc((n + 2) * sizeof *t->start);
	EXPECT(t->start != NULL, "out of memory in the harness");
	size_t l = 1, k = 0;
	/* A byte order mark is not part of line 1's text. */
	if (size >= 3 && d[0] == 0xEF && d[1] == 0xBB && d[2] == 0xBF)
		k = 3;
	t->start[1] = k;
	for (; k < size; k++)
		if (ends_line(d, size, k) && l < n)
			t->start[++l] = k + 1;
	/* The last line's end: its line end's byte, or past the text when it has none. */
	t->start[n + 1] = ended ? size : size + 1;
	t->end_line = 0;
	for (size_t j = 1; j <= n && !t->end_line; j++) {
		size_t a, b;
		trimmed(t, j, &a, &b);
		if (b - a == 3 && memcmp(d + a, "end", 3) == 0)
			t->end_line = j;
	}
}

static bool has_text(const struct text *t, size_t l)
{
	size_t a, b;
	trimmed(t, l, &a, &b);
	return b > a && t->d[a] != '#';
}

/*
 * The rows a grid-format board takes: one when its first line holds all its
 * cells as words (a flat board, e.g. 81 numbers), else its side.
 */
static size_t board_rows(const struct text *t, size_t l, unsigned side)
{
	size_t a, b, words = 0;
	trimmed(t, l, &a, &b);
	for (size_t k = a; k < b; k++)
		words += t->d[k] != ' ' && t->d[k] != '\t' && t->d[k] != '\r' &&
			(k == a || t->d[k - 1] == ' ' || t->d[k - 1] == '\t' || t->d[k - 1] == '\r');
	return words >= (size_t)side * side && words > 1 ? 1 : side;
}

/* The digit a symbol stands for in a line-format puzzle, or -1. */
static int symbol_digit(enum sudoku_alphabet a, unsigned side, uint8_t ch)
{
	static const char alnum[] = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz@$&";
	static const char letters[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
	static const char hex[] = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
	if (ch == '.' || ch == '_' || ch == '-' || (ch == '0' && a != SUDOKU_ALPHA_HEX))
		return 0;
	const char *set = a == SUDOKU_ALPHA_LETTERS ? letters : a == SUDOKU_ALPHA_HEX ? hex : alnum;
	size_t n = strlen(set);
	if (n > side)
		n = side;
	/* Lower case doubles for upper case unless the alphabet's own symbols reach it. */
	bool fold = a != SUDOKU_ALPHA_ALNUM || side <= 35;
	for (size_t k = 0; k < n; k++) {
		char s = set[k];
		if (ch == (uint8_t)s || (fold && s >= 'A' && s <= 'Z' && ch == (uint8_t)(s - 'A' + 'a')))
			return (int)k + 1;
	}
	return -1;
}

static void check_line_cells(const struct text *t, const struct sudoku_puzzle *pz)
{
	size_t a, b, n = (size_t)pz->side * pz->side;
	trimmed(t, pz->line, &a, &b);
	/* A note may follow the puzzle after blanks: a '#' comment, or a rating (a short word starting with a digit). */
	if (b - a > n && (t->d[a + n] == ' ' || t->d[a + n] == '\t')) {
		size_t c = a + n;
		while (c < b && (t->d[c] == ' ' || t->d[c] == '\t'))
			c++;
		bool rating = c < b && t->d[c] >= '0' && t->d[c] <= '9' && b - c < 16;
		for (size_t k = c; rating && k < b; k++)
			rating = t->d[k] != ' ' && t->d[k] != '\t';
		EXPECT(c < b && (t->d[c] == '#' || rating), "line %zu: text after its puzzle that is no note", pz->line);
		b = a + n;
	}
	EXPECT(b - a == n, "line %zu has %zu symbols for a %ux%u puzzle", pz->line, b - a, pz->side, pz->side);
	for (size_t k = 0; k < n; k++) {
		int d = symbol_digit(pz->alphabet, pz->side, t->d[a + k]);
		EXPECT(d == pz->cells[k], "line %zu symbol %zu '%c' read as %u, expected %d", pz->line, k,
		       t->d[a + k], pz->cells[k], d);
	}
}

/* A line of candidates: N³ marks, and the cells are its lone candidates. */
static void check_marks(const struct sudoku_puzzle *pz)
{
	EXPECT(pz->marks != NULL && pz->side <= 25, "candidates of side %u", pz->side);
	for (size_t cell = 0; cell < (size_t)pz->side * pz->side; cell++) {
		unsigned n = 0, last = 0;
		for (unsigned d = 0; d < pz->side; d++) {
			EXPECT(pz->marks[cell * pz->side + d] <= 1, "mark %u", pz->marks[cell * pz->side + d]);
			if (pz->marks[cell * pz->side + d]) {
				n++;
				last = d + 1;
			}
		}
		EXPECT(pz->cells[cell] == (n == 1 ? last : 0), "cell %zu holds %u with %u candidates", cell,
		       pz->cells[cell], n);
	}
}

/* Whether the board's first row, as numbers, repeats a given that fits a board of side sqrt(side). */
static bool first_row_flat(const struct sudoku_puzzle *pz)
{
	unsigned small = 0; /* the board a row of side = small² cells would be */
	struct sudoku_box b;
	for (unsigned k = 2; k * k <= pz->side; k++)
		if (k * k == pz->side && sudoku_box_of_side(k, NULL, &b))
			small = k;
	if (!small)
		return false;
	bool seen[101] = { false }, repeat = false;
	for (unsigned c = 0; c < pz->side; c++) {
		unsigned v = pz->cells[c];
		if (v > small)
			return false;
		if (v) {
			repeat |= seen[v];
			seen[v] = true;
		}
	}
	return repeat;
}

/* Writes the board in every layout the alphabet can show and reads it back. */
static void check_round_trip(const struct sudoku_puzzle *pz)
{
	static const struct {
		enum sudoku_layout layout;
		enum sudoku_format format;
	} ways[] = {
		{ SUDOKU_LAYOUT_LINE, SUDOKU_FORMAT_LINE },
		{ SUDOKU_LAYOUT_GRID, SUDOKU_FORMAT_GRID },
		{ SUDOKU_LAYOUT_COMPACT, SUDOKU_FORMAT_COMPACT },
		{ SUDOKU_LAYOUT_PRETTY, SUDOKU_FORMAT_DRAWN },
		{ SUDOKU_LAYOUT_SS, SUDOKU_FORMAT_DRAWN },
		{ SUDOKU_LAYOUT_BORDERED, SUDOKU_FORMAT_DRAWN },
	};
	for (size_t w = 0; w < sizeof ways / sizeof *ways; w++) {
		/*
		 * A row of numbers that repeats a given and fits a smaller board is
		 * read as that whole board on one line (luogu's 81 numbers); an
		 * invalid 16x16 or 81x81 board whose first row does so reads back so.
		 */
		if (ways[w].layout == SUDOKU_LAYOUT_GRID && first_row_flat(pz))
			continue;
		size_t need = sudoku_write_size(ways[w].layout, pz->alphabet, pz->box_rows, pz->box_cols);
		if (need == 0) {
			EXPECT(ways[w].layout != SUDOKU_LAYOUT_GRID, "grid layout refused side %u", pz->side);
			continue;
		}
		/* Exact size, so that ASan sees the writer overrun its promise. */
		char *buf = malloc(need);
		EXPECT(buf != NULL, "out of memory in the harness");
		size_t n = sudoku_write(buf, ways[w].layout, pz->alphabet, pz->box_rows, pz->box_cols, pz->cells);
		EXPECT(n <= need, "layout %d wrote %zu bytes of %zu", (int)ways[w].layout, n, need);
		FILE *f = fmemopen(buf, n, "r");
		EXPECT(f != NULL, "fmemopen failed");
		struct sudoku_reader *r = sudoku_reader_new(f, ways[w].format, pz->alphabet);
		EXPECT(r != NULL, "out of memory in the harness");
		/* Boxes other than the side's usual ones (a drawn grid's) are --box's to say in other layouts. */
		struct sudoku_box usual;
		if (sudoku_box_of_side(pz->side, NULL, &usual) && (usual.rows != pz->box_rows || usual.cols != pz->box_cols))
			sudoku_reader_set_box(r, (struct sudoku_box){ pz->box_rows, pz->box_cols });
		struct sudoku_puzzle back;
		struct sudoku_read_error err;
		int rc = sudoku_reader_next(r, &back, &err);
		EXPECT(rc == 1, "layout %d of a %ux%u board read back as %d, line %zu: %s (%.*s)",
		       (int)ways[w].layout, pz->side, pz->side, rc, err.line, err.message, (int)(n > 300 ? 300 : n), buf);
		EXPECT(back.side == pz->side && back.box_rows == pz->box_rows && memcmp(back.cells, pz->cells, (size_t)pz->side * pz->side) == 0,
		       "layout %d does not read back the same board", (int)ways[w].layout);
		rc = sudoku_reader_next(r, &back, &err);
		EXPECT(rc == 0, "layout %d: more than one board read back (%d)", (int)ways[w].layout, rc);
		sudoku_reader_free(r);
		fclose(f);
		free(buf);
	}
}

static bool same_unit(const struct sudoku_puzzle *pz, unsigned r1, unsigned c1, unsigned r2, unsigned c2)
{
	unsigned R = pz->box_rows, C = pz->box_cols;
	return r1 == r2 || c1 == c2 || (r1 / R == r2 / R && c1 / C == c2 / C);
}

/* Two givens with the same digit in one row, column or box? */
static bool has_clash(const struct sudoku_puzzle *pz, const uint8_t *g)
{
	unsigned side = pz->side, cells = side * side;
	for (unsigned x = 0; x < cells; x++)
		for (unsigned y = x + 1; y < cells; y++)
			if (g[x] && g[x] == g[y] && same_unit(pz, x / side, x % side, y / side, y % side))
				return true;
	return false;
}

struct solve_ctx {
	const struct sudoku_puzzle *pz;
	uint64_t calls;
};

static int on_solution(void *ctx, const uint8_t *sol)
{
	struct solve_ctx *sc = ctx;
	const struct sudoku_puzzle *pz = sc->pz;
	unsigned R = pz->box_rows, C = pz->box_cols, side = pz->side;
	for (unsigned k = 0; k < side * side; k++) {
		EXPECT(sol[k] >= 1 && sol[k] <= side, "cell %u holds %u", k, sol[k]);
		EXPECT(!pz->cells[k] || pz->cells[k] == sol[k], "given %u at cell %u became %u", pz->cells[k], k,
		       sol[k]);
	}
	for (unsigned u = 0; u < side; u++) {
		unsigned row = 0, col = 0, bx = 0;
		for (unsigned k = 0; k < side; k++) {
			/* Box u: a band of R rows holds R boxes of C columns. */
			unsigned br = u / R * R + k / C, bc = u % R * C + k % C;
			row |= 1u << sol[u * side + k];
			col |= 1u << sol[k * side + u];
			bx |= 1u << sol[br * side + bc];
		}
		unsigned all = ((1u << side) - 1) << 1;
		EXPECT(row == all && col == all && bx == all, "unit %u is not a permutation", u);
	}
	sc->calls++;
	return 0;
}

static void check_solve(const struct sudoku_puzzle *pz)
{
	static dlx_sudoku *solver[10];
	dlx_sudoku **sv = &solver[pz->side];
	if (*sv && dlx_sudoku_box_rows(*sv) != pz->box_rows) {
		dlx_sudoku_free(*sv);
		*sv = NULL;
	}
	if (!*sv) {
		dlx_sudoku_board b = { pz->box_rows, pz->box_cols, 0, NULL };
		EXPECT(dlx_sudoku_new_board(&b, sv, NULL) == DLX_OK, "no solver for side %u", pz->side);
	}
	dlx_sudoku *s = *sv;
	struct solve_ctx sc = { pz, 0 };
	dlx_sudoku_params sp = DLX_SUDOKU_PARAMS_INIT;
	sp.limit = 2;
	sp.node_limit = NODE_LIMIT;
	sp.on_solution = on_solution;
	sp.solution_ctx = &sc;
	dlx_sudoku_result res;
	dlx_error_info why;
	uint8_t first[81];
	memset(first, 0xEE, sizeof first);
	int rc = dlx_sudoku_solve(s, pz->cells, &sp, first, &res, &why);
	bool clash = has_clash(pz, pz->cells);
	if (rc == DLX_ERR_CONFLICT) {
		EXPECT(clash, "a conflict among givens that do not clash: %s", why.message);
		const dlx_sudoku_conflict *cf = &res.conflict;
		unsigned side = pz->side;
		EXPECT(cf->digit >= 1 && cf->digit <= side && why.message[0], "conflict digit %u", cf->digit);
		EXPECT(pz->cells[cf->row1 * side + cf->col1] == cf->digit &&
			       pz->cells[cf->row2 * side + cf->col2] == cf->digit &&
			       (cf->row1 != cf->row2 || cf->col1 != cf->col2) &&
			       same_unit(pz, cf->row1, cf->col1, cf->row2, cf->col2),
		       "conflict r%uc%u r%uc%u digit %u is not one", cf->row1 + 1, cf->col1 + 1, cf->row2 + 1,
		       cf->col2 + 1, cf->digit);
		EXPECT(sc.calls == 0 && res.stats.solutions == 0, "a search despite a conflict");
		return;
	}
	EXPECT(rc == DLX_OK, "solve returned %d (%s)", rc, why.message);
	EXPECT(!clash, "givens that clash were accepted");
	EXPECT(res.stats.solutions == sc.calls && sc.calls <= 2, "%llu solutions, %llu callbacks",
	       (unsigned long long)res.stats.solutions, (unsigned long long)sc.calls);
	EXPECT(res.stats.stop == DLX_STOP_COMPLETE || res.stats.stop == DLX_STOP_LIMIT ||
		       res.stats.stop == DLX_STOP_NODE_LIMIT,
	       "stop %d", (int)res.stats.stop);
	EXPECT(res.stats.nodes <= NODE_LIMIT, "%llu nodes", (unsigned long long)res.stats.nodes);
	if (sc.calls)
		EXPECT(first[0] != 0xEE, "no first solution copied");
	else
		EXPECT(first[0] == 0xEE, "a first solution without a solution");
}

/* A jigsaw solver builds on the map and its givens check gives a verdict. */
static void check_jigsaw(const struct sudoku_puzzle *pz)
{
	dlx_sudoku_board shape = { pz->box_rows, pz->box_cols, 0, pz->regions };
	dlx_sudoku *s;
	dlx_error_info why;
	EXPECT(dlx_sudoku_new_board(&shape, &s, &why) == DLX_OK, "no jigsaw solver: %s", why.message);
	const uint8_t *back = dlx_sudoku_regions(s);
	EXPECT(memcmp(back, pz->regions, (size_t)pz->side * pz->side) == 0, "the solver changed the map");
	dlx_sudoku_result res;
	int rc = dlx_sudoku_check(s, pz->cells, &res, &why);
	EXPECT(rc == DLX_OK || rc == DLX_ERR_CONFLICT, "check gave %d", rc);
	EXPECT((rc == DLX_OK) == (why.message[0] == '\0'), "check %d with message '%s'", rc, why.message);
	dlx_sudoku_free(s);
}

/* The whole text as one region map, as --regions reads it. */
static void check_map_file(char *buf, size_t len, enum sudoku_alphabet alpha)
{
	static char empty[1];
	FILE *f = fmemopen(len ? buf : empty, len, "r");
	EXPECT(f != NULL, "fmemopen failed");
	static uint8_t map[DLX_SUDOKU_MAX_SIDE * DLX_SUDOKU_MAX_SIDE];
	unsigned side = 0;
	struct sudoku_read_error err;
	int rc = sudoku_read_region_map(f, alpha, NULL, map, &side, &err);
	fclose(f);
	if (rc == DLX_OK) {
		struct sudoku_box b;
		EXPECT(sudoku_box_of_side(side, NULL, &b), "map of side %u", side);
		dlx_error_info why;
		EXPECT(dlx_sudoku_check_regions(side, map, &why) == DLX_OK, "a bad map read: %s", why.message);
	} else {
		EXPECT(rc == DLX_ERR_SYNTAX, "map read gave %d: %s", rc, err.message);
		EXPECT(err.message[0] != '\0', "a refused map without a message");
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint8_t b0 = size ? data[0] : 0;
	enum sudoku_format fmt = (enum sudoku_format)(b0 % 6);
	enum sudoku_alphabet alpha = (enum sudoku_alphabet)(b0 / 6 % 4);
	bool solve = b0 / 24 % 2;
	bool regions = b0 / 48 % 2;
	const uint8_t *text = size ? data + 1 : data;
	size_t len = size ? size - 1 : 0;

	/* A private copy of the exact size, so that ASan sees any overread. */
	static char empty[1];
	char *buf = len ? malloc(len) : empty;
	EXPECT(buf != NULL, "out of memory in the harness");
	if (len)
		memcpy(buf, text, len);
	FILE *f = fmemopen(buf, len, "r");
	EXPECT(f != NULL, "fmemopen failed");
	struct text t;
	split_text(text, len, &t);

	struct sudoku_reader *r = sudoku_reader_new(f, fmt, alpha);
	EXPECT(r != NULL, "no reader");
	if (regions)
		sudoku_reader_expect_regions(r);
	struct sudoku_puzzle pz;
	struct sudoku_read_error err;
	size_t puzzles = 0, rows = 0, last_line = 0;
	unsigned first_side = 0;
	enum sudoku_format first_fmt = SUDOKU_FORMAT_AUTO;
	int rc;
	while ((rc = sudoku_reader_next(r, &pz, &err)) == 1) {
		EXPECT(err.message[0] == '\0', "a message with a puzzle: %s", err.message);
		struct sudoku_box want;
		EXPECT(sudoku_box_of_side(pz.side, NULL, &want), "side %u", pz.side);
		/* The side's usual boxes; a drawn grid's may be others, as its bars and rules show. */
		EXPECT(pz.box_rows * pz.box_cols == pz.side &&
		       ((pz.box_rows == want.rows && pz.box_cols == want.cols) || pz.format == SUDOKU_FORMAT_DRAWN),
		       "side %u with boxes %ux%u", pz.side, pz.box_rows, pz.box_cols);
		EXPECT(pz.cells != NULL, "no cells");
		for (size_t k = 0; k < (size_t)pz.side * pz.side; k++)
			EXPECT(pz.cells[k] <= pz.side, "cell %zu holds %u on a %ux%u board", k, pz.cells[k], pz.side,
			       pz.side);
		EXPECT(pz.format != SUDOKU_FORMAT_AUTO, "format auto");
		EXPECT(fmt == SUDOKU_FORMAT_AUTO || pz.format == fmt, "format %d, asked %d", (int)pz.format, (int)fmt);
		EXPECT(pz.alphabet != SUDOKU_ALPHA_AUTO, "alphabet auto");
		EXPECT(alpha == SUDOKU_ALPHA_AUTO || pz.alphabet == alpha, "alphabet %d, asked %d", (int)pz.alphabet,
		       (int)alpha);
		if (puzzles == 0) {
			first_side = pz.side;
			first_fmt = pz.format;
		} else if (fmt == SUDOKU_FORMAT_AUTO) {
			EXPECT(pz.side == first_side && pz.format == first_fmt, "puzzle %zu: side %u format %d after %u %d",
			       puzzles + 1, pz.side, (int)pz.format, first_side, (int)first_fmt);
		}
		EXPECT(pz.line >= 1 && pz.line <= t.n_lines, "puzzle on line %zu of %zu", pz.line, t.n_lines);
		EXPECT(pz.line > last_line, "puzzle on line %zu after one on line %zu", pz.line, last_line);
		EXPECT(has_text(&t, pz.line), "puzzle on line %zu, which holds no text", pz.line);
		EXPECT(!t.end_line || pz.line < t.end_line, "puzzle on line %zu after 'end' on line %zu", pz.line,
		       t.end_line);
		if (pz.format == SUDOKU_FORMAT_LINE) {
			EXPECT(pz.side <= 64, "a line puzzle of side %u", pz.side);
			check_line_cells(&t, &pz);
			rows += regions ? 2 : 1;
		} else if (pz.format == SUDOKU_FORMAT_MARKS) {
			check_marks(&pz);
			EXPECT(!regions, "a line of candidates with a region map");
			rows += 1;
		} else {
			if (pz.format == SUDOKU_FORMAT_PENCIL)
				check_marks(&pz);
			rows += board_rows(&t, pz.line, pz.side);
			if (regions)
				rows += board_rows(&t, pz.regions_line, pz.side);
		}
		if (regions) {
			EXPECT(pz.regions != NULL, "puzzle %zu without its region map", puzzles + 1);
			EXPECT(pz.regions_line > pz.line && pz.regions_line <= t.n_lines, "map on line %zu, puzzle on %zu",
			       pz.regions_line, pz.line);
			dlx_error_info why;
			EXPECT(dlx_sudoku_check_regions(pz.side, pz.regions, &why) == DLX_OK,
			       "the reader passed a bad map: %s", why.message);
			if (pz.side <= 9)
				check_jigsaw(&pz);
		} else {
			EXPECT(pz.regions == NULL, "a map without asking for one");
		}
		EXPECT(rows <= t.n_lines, "%zu puzzles need %zu rows, the input has %zu lines", puzzles + 1, rows,
		       t.n_lines);
		last_line = pz.line;
		puzzles++;
		check_round_trip(&pz);
		if (solve && pz.side <= 9)
			check_solve(&pz);
	}
	if (rc == 0) {
		EXPECT(err.message[0] == '\0', "a message at the end: %s", err.message);
		EXPECT(sudoku_reader_next(r, &pz, &err) == 0, "a puzzle after the end");
	} else {
		EXPECT(rc == DLX_ERR_SYNTAX, "error %d: %s", rc, err.message);
		EXPECT(memchr(err.message, '\0', sizeof err.message) != NULL, "message not terminated");
		EXPECT(err.message[0] != '\0', "empty error message");
		EXPECT(err.line <= t.n_lines, "error on line %zu of %zu: %s", err.line, t.n_lines, err.message);
		/* A byte order mark alone is an empty text: the reader drops it, and no line starts. */
		bool no_lines = t.n_lines == 0 || (len == 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0);
		EXPECT(err.line >= 1 || no_lines, "error on line 0 of %zu: %s", t.n_lines, err.message);
		/* Nothing after "end" is read; "end" itself may cut a grid or a count short. */
		EXPECT(!t.end_line || err.line <= t.end_line, "error on line %zu after 'end' on line %zu: %s",
		       err.line, t.end_line, err.message);
		if (strncmp(err.message, "binary data", 11) == 0) {
			bool bad = false;
			size_t l = err.line;
			/* A broken byte order mark is reported on line 1 too. */
			if (l == 1 && len && text[0] == 0xEF)
				bad = true;
			for (size_t k = t.start[l]; k + 1 < t.start[l + 1] && !bad; k++)
				bad = (text[k] < 0x20 && text[k] != '\t' && text[k] != '\r' && text[k] != '\n') ||
				      text[k] >= 0x7F;
			EXPECT(bad, "line %zu has no binary byte: %s", l, err.message);
			size_t a, b;
			trimmed(&t, l, &a, &b);
			EXPECT(b == a || text[a] != '#', "binary data in a comment on line %zu", l);
		}
		if (strncmp(err.message, "line too long", 13) == 0)
			EXPECT(t.start[err.line + 1] - 1 - t.start[err.line] > SUDOKU_LINE_MAX,
			       "line %zu is not too long", err.line);
	}
	sudoku_reader_free(r);
	fclose(f);
	if (regions)
		check_map_file(buf, len, alpha);
	free(t.start);
	if (len)
		free(buf);
	return 0;
}
