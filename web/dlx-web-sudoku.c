/*
 * dlxweb_sudoku() and dlxweb_generate() (dlx-web.h): dlx-sudoku's run over
 * the puzzles of a text, and its --generate, in one thread, answering and
 * failing in the program's words (src/cli/dlx-sudoku-solve-one.c and
 * dlx-sudoku-generate-one.c say the same; a change there belongs here too,
 * and the browser test, tests/test-web.py, compares the two).
 */
#define _POSIX_C_SOURCE 200809L
#include "dlx-web.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dlx-sudoku-generate.h"
#include "dlx-sudoku.h"
#include "sudoku-read.h"
#include "sudoku-write.h"
#include "web-reply.h"

/* The name dlx-sudoku gives its standard input in messages. */
static const char input_name[] = "<stdin>";

enum mode { MODE_SOLVE, MODE_COUNT, MODE_UNIQUE, MODE_GRADE };

/* A run over the puzzles of one text. */
struct run {
	struct web_reply *r;
	enum mode mode;
	unsigned flags;
	uint64_t node_limit;
	dlx_sudoku *solver[DLX_SUDOKU_MAX_SIDE + 1]; /* one per side, built on first use */
	uint8_t *solution;                           /* DLX_SUDOKU_MAX_SIDE² bytes */
	char *text;                                  /* a board in its layout */
	uint64_t puzzles, solved, unsolvable, stopped, nodes;
};

/* The layout of a puzzle's answers: its own (dlx-sudoku-solve-one.c's default_layout()). */
static enum sudoku_layout layout_of(const struct sudoku_puzzle *pz)
{
	switch (pz->format) {
	case SUDOKU_FORMAT_LINE:
	case SUDOKU_FORMAT_MARKS: return SUDOKU_LAYOUT_LINE;
	case SUDOKU_FORMAT_GRID: return SUDOKU_LAYOUT_GRID;
	case SUDOKU_FORMAT_PENCIL: return SUDOKU_LAYOUT_PRETTY;
	case SUDOKU_FORMAT_DRAWN:
		return pz->drawn_style == SUDOKU_DRAWN_FRAMED ? SUDOKU_LAYOUT_BORDERED
			: pz->drawn_style == SUDOKU_DRAWN_TIGHT ? SUDOKU_LAYOUT_SS : SUDOKU_LAYOUT_PRETTY;
	case SUDOKU_FORMAT_COUNT: return pz->spaced ? SUDOKU_LAYOUT_GRID : SUDOKU_LAYOUT_COMPACT;
	default: return SUDOKU_LAYOUT_COMPACT;
	}
}

/* The solver of a board shape (puzzle_worker_solver()); NULL after the message and the status. */
static dlx_sudoku *solver_of(struct run *ru, unsigned box_rows, unsigned box_cols, const uint8_t *regions,
	size_t line)
{
	unsigned side = box_rows * box_cols;
	dlx_sudoku **sv = &ru->solver[side];
	if (*sv && ((regions && memcmp(dlx_sudoku_regions(*sv), regions, (size_t)side * side) != 0) ||
		dlx_sudoku_box_rows(*sv) != box_rows)) {
		dlx_sudoku_free(*sv);
		*sv = NULL;
	}
	if (!*sv) {
		dlx_sudoku_board board = { box_rows, box_cols, ru->flags & ~DLXWEB_JIGSAW, regions };
		dlx_error_info err;
		int rc = dlx_sudoku_new_board(&board, sv, &err);
		if (rc) {
			struct web_text *e = &ru->r->err;
			if (line)
				web_printf(e, "dlx-sudoku: %s:%zu: %ux%u board: %s\n", input_name, line, side, side,
					err.message[0] ? err.message : dlx_strerror(rc));
			else
				web_printf(e, "dlx-sudoku: %s: %ux%u board: %s\n", "--generate", side, side,
					err.message[0] ? err.message : dlx_strerror(rc));
			ru->r->status = rc == DLX_ERR_INVALID ? 2 : 3;
			return NULL;
		}
	}
	return *sv;
}

/* The page's fields of a board's shape: its boxes and the symbols of digits 1..N, when it has them. */
static void put_shape(struct web_reply *r, unsigned box_rows, unsigned box_cols, enum sudoku_alphabet a)
{
	unsigned side = box_rows * box_cols;
	web_printf(&r->fields, ",\"rows\":%u,\"cols\":%u,\"symbols\":", box_rows, box_cols);
	char sym[SUDOKU_ALPHA_MAX_SIDE];
	if (side > sudoku_alphabet_max_side(a)) {
		web_append(&r->fields, "null", 4);
		return;
	}
	for (unsigned d = 1; d <= side; d++)
		sym[d - 1] = sudoku_alphabet_symbol(a, d);
	web_append_json_string(&r->fields, sym, side);
}

static void put_board(struct run *ru, const struct sudoku_puzzle *pz, enum sudoku_layout l, enum sudoku_alphabet a,
	const uint8_t *board)
{
	size_t n = sudoku_write(ru->text, l, a, pz->box_rows, pz->box_cols, board);
	web_append(&ru->r->out, ru->text, n);
}

/* The mode's answer (print_answer()); why says what cut the search short, or is NULL. */
static void put_answer(struct run *ru, const struct sudoku_puzzle *pz, enum sudoku_layout l, enum sudoku_alphabet a,
	const dlx_stats *st, uint64_t grade, const char *why)
{
	struct web_text *o = &ru->r->out;
	uint64_t n = st->solutions;
	switch (ru->mode) {
	case MODE_SOLVE:
		if (n)
			put_board(ru, pz, l, a, ru->solution);
		else if (why)
			web_printf(o, "unknown (%s)\n", why);
		else
			web_printf(o, "no solution\n");
		break;
	case MODE_UNIQUE:
	case MODE_GRADE:
		if (n >= 2)
			web_printf(o, "multiple\n");
		else if (why)
			web_printf(o, "unknown (%s)\n", why);
		else if (n == 0)
			web_printf(o, "none\n");
		else if (ru->mode == MODE_UNIQUE)
			web_printf(o, "unique\n");
		else
			web_printf(o, "%" PRIu64 " %" PRIu64 "\n", grade, st->branches);
		break;
	case MODE_COUNT:
		if (why)
			web_printf(o, "count >= %" PRIu64 " (%s)\n", n, why);
		else
			web_printf(o, "%" PRIu64 "\n", n);
		break;
	}
}

/* One puzzle (solve_one()); false when the run ends here (the status set). */
static bool answer(struct run *ru, const struct sudoku_puzzle *pz, uint64_t seq)
{
	struct web_reply *r = ru->r;
	dlx_sudoku *solver = solver_of(ru, pz->box_rows, pz->box_cols, pz->regions,
		pz->regions ? pz->regions_line : pz->line);
	if (!solver)
		return false;
	enum sudoku_layout l = layout_of(pz);
	if (sudoku_write_size(l, pz->alphabet, pz->box_rows, pz->box_cols) == 0) {
		web_printf(&r->err, "dlx-sudoku: %s:%zu: the alphabet has no symbols for %ux%u boards; "
			"use --output grid\n", input_name, pz->line, pz->side, pz->side);
		r->status = 2;
		return false;
	}
	bool judge = pz->format == SUDOKU_FORMAT_COUNT;
	if (l != SUDOKU_LAYOUT_LINE && ru->mode == MODE_SOLVE && seq > 0 && (!judge || pz->blank_before))
		web_append(&r->out, "\n", 1);

	dlx_sudoku_params sp = DLX_SUDOKU_PARAMS_INIT;
	sp.limit = ru->mode == MODE_SOLVE ? 1 : ru->mode == MODE_UNIQUE ? 2 : 0;
	sp.node_limit = ru->node_limit;
	dlx_sudoku_result res;
	memset(&res, 0, sizeof res);
	dlx_error_info err;
	uint64_t grade = 0;
	int rc;
	/* The solution, for the board the page draws; the programs ask for it to print it only. */
	uint8_t *first = ru->mode == MODE_SOLVE || ru->mode == MODE_UNIQUE ? ru->solution : NULL;
	if (ru->mode == MODE_GRADE)
		rc = pz->marks ? dlx_sudoku_grade_candidates(solver, pz->marks, &sp, &grade, &res, &err)
			: dlx_sudoku_grade(solver, pz->cells, &sp, &grade, &res, &err);
	else
		rc = pz->marks ? dlx_sudoku_solve_candidates(solver, pz->marks, &sp, first, &res, &err)
			: dlx_sudoku_solve(solver, pz->cells, &sp, first, &res, &err);
	ru->puzzles++;
	if (rc == DLX_ERR_CONFLICT || rc == DLX_ERR_INVALID) {
		web_printf(&r->err, "dlx-sudoku: %s:%zu: %s\n", input_name, pz->line, err.message);
	} else if (rc) {
		web_printf(&r->err, "dlx-sudoku: %s:%zu: %s\n", input_name, pz->line, dlx_strerror(rc));
		r->status = 3;
		return false;
	}
	const dlx_stats *st = &res.stats;
	ru->nodes += st->nodes;
	const char *why = st->stop == DLX_STOP_NODE_LIMIT ? "stopped at node limit" : NULL;
	if (why)
		ru->stopped++;
	else if (st->solutions)
		ru->solved++;
	else
		ru->unsolvable++;
	put_answer(ru, pz, l, pz->alphabet, st, grade, why);
	if (seq == 0) {
		size_t cells = (size_t)pz->side * pz->side;
		put_shape(r, pz->box_rows, pz->box_cols, pz->alphabet);
		web_field_bytes(r, "givens", pz->cells, cells);
		web_field_bytes(r, "solution", first && st->solutions == 1 ? first : NULL, cells);
		if (pz->regions)
			web_field_bytes(r, "regions", pz->regions, cells);
	}
	return true;
}

static bool parse_mode(const char *s, enum mode *out)
{
	static const char *const names[] = { "solve", "count", "unique", "grade" };
	for (unsigned k = 0; k < sizeof names / sizeof *names; k++) {
		if (s && strcmp(s, names[k]) == 0) {
			*out = (enum mode)k;
			return true;
		}
	}
	return false;
}

/* The variant flags the library knows, nothing else. */
#define KNOWN_FLAGS (DLX_SUDOKU_X | DLX_SUDOKU_WINDOKU | DLX_SUDOKU_DISJOINT | DLX_SUDOKU_ANTI_KNIGHT | \
	DLX_SUDOKU_ANTI_KING | DLX_SUDOKU_NONCONSECUTIVE)

static bool check_flags(struct web_reply *r, unsigned flags, unsigned known)
{
	if ((flags & ~known) == 0)
		return true;
	web_printf(&r->err, "dlx-sudoku: unknown variant flags %#x\n", flags);
	r->status = 2;
	return false;
}

/* The longest board text of any layout, in the alphabet that reaches furthest. */
static size_t longest_board_text(void)
{
	size_t longest = 0;
	for (unsigned br = DLX_SUDOKU_MIN_BOX; br <= DLX_SUDOKU_MAX_SIDE / DLX_SUDOKU_MIN_BOX; br++)
		for (unsigned bc = DLX_SUDOKU_MIN_BOX; br * bc <= DLX_SUDOKU_MAX_SIDE; bc++)
			for (int l = SUDOKU_LAYOUT_LINE; l <= SUDOKU_LAYOUT_LAST; l++) {
				size_t s = sudoku_write_size((enum sudoku_layout)l, SUDOKU_ALPHA_ALNUM, br, bc);
				if (s > longest)
					longest = s;
			}
	return longest;
}

static bool run_init(struct run *ru, struct web_reply *r)
{
	memset(ru, 0, sizeof *ru);
	ru->r = r;
	ru->solution = malloc((size_t)DLX_SUDOKU_MAX_SIDE * DLX_SUDOKU_MAX_SIDE);
	ru->text = malloc(longest_board_text());
	return ru->solution && ru->text;
}

static void run_free(struct run *ru)
{
	for (unsigned k = 0; k <= DLX_SUDOKU_MAX_SIDE; k++)
		dlx_sudoku_free(ru->solver[k]);
	free(ru->solution);
	free(ru->text);
}

/* The puzzles of in (solve_sequentially()), to the end or the first error. */
static void solve_all(struct run *ru, FILE *in)
{
	struct web_reply *r = ru->r;
	struct sudoku_reader *rd = sudoku_reader_new(in, SUDOKU_FORMAT_AUTO, SUDOKU_ALPHA_AUTO);
	if (!rd) {
		web_printf(&r->err, "dlx-sudoku: out of memory\n");
		r->status = 3;
		return;
	}
	if (ru->flags & DLXWEB_JIGSAW)
		sudoku_reader_expect_regions(rd);
	struct sudoku_puzzle pz;
	struct sudoku_read_error err;
	for (uint64_t seq = 0;; seq++) {
		int rc = sudoku_reader_next(rd, &pz, &err);
		if (rc < 0) {
			if (err.line)
				web_printf(&r->err, "dlx-sudoku: %s:%zu: %s\n", input_name, err.line, err.message);
			else
				web_printf(&r->err, "dlx-sudoku: %s: %s\n", input_name, err.message);
			r->status = rc == DLX_ERR_NOMEM ? 3 : 2;
			break;
		}
		if (rc == 0) {
			if (seq == 0) {
				web_printf(&r->err, "dlx-sudoku: %s: no puzzle in the input\n", input_name);
				r->status = 2;
			}
			break;
		}
		if (pz.note)
			web_printf(&r->err, "dlx-sudoku: %s:%zu: note: %s\n", input_name, pz.line, pz.note);
		if (!answer(ru, &pz, seq))
			break;
	}
	sudoku_reader_free(rd);
}

char *dlxweb_sudoku(const char *text, const char *mode, unsigned flags, const char *node_limit)
{
	struct web_reply r = { 0 };
	struct run ru;
	enum mode m = MODE_SOLVE;
	bool ok = run_init(&ru, &r);
	if (!ok) {
		web_printf(&r.err, "dlx-sudoku: out of memory\n");
		r.status = 3;
	} else if (!parse_mode(mode, &m)) {
		web_printf(&r.err, "dlx-sudoku: unknown mode '%s'\n", mode ? mode : "");
		r.status = 2;
	} else if (check_flags(&r, flags, KNOWN_FLAGS | DLXWEB_JIGSAW) &&
		web_parse_u64(&r, "dlx-sudoku", "--node-limit", node_limit, true, &ru.node_limit)) {
		ru.mode = m;
		ru.flags = flags;
		/* fmemopen() of no bytes fails; a lone newline reads as the same empty input. */
		size_t len = text ? strlen(text) : 0;
		FILE *in = len ? fmemopen((void *)text, len, "r") : fmemopen("\n", 1, "r");
		if (!in) {
			web_printf(&r.err, "dlx-sudoku: out of memory\n");
			r.status = 3;
		} else {
			solve_all(&ru, in);
			fclose(in);
			if (r.status == 0)
				r.status = ru.stopped ? 4 : ru.unsolvable ? 1 : 0;
		}
	}
	web_printf(&r.fields, ",\"puzzles\":%" PRIu64 ",\"nodes\":%" PRIu64, ru.puzzles, ru.nodes);
	run_free(&ru);
	return web_reply_finish(&r);
}

/* What cut a generation short (dlx-sudoku-generate-one.c's stop_reason(); no time limit here). */
static const char *stop_reason(dlx_stop_reason stop)
{
	return stop == DLX_STOP_NODE_LIMIT ? "stopped at node limit" : "interrupted";
}

char *dlxweb_generate(unsigned box_rows, unsigned box_cols, unsigned flags, const char *seed, const char *clues,
	unsigned symmetry, const char *node_limit)
{
	struct web_reply r = { 0 };
	struct run ru;
	dlx_sudoku_gen_params gp = DLX_SUDOKU_GEN_PARAMS_INIT;
	uint64_t want = 0;
	if (!run_init(&ru, &r)) {
		web_printf(&r.err, "dlx-sudoku: out of memory\n");
		r.status = 3;
		run_free(&ru);
		return web_reply_finish(&r);
	}
	ru.flags = flags;
	unsigned side = box_rows * box_cols;
	if (box_rows < DLX_SUDOKU_MIN_BOX || box_cols < DLX_SUDOKU_MIN_BOX || box_rows > DLX_SUDOKU_MAX_SIDE ||
		box_cols > DLX_SUDOKU_MAX_SIDE || side > DLX_SUDOKU_MAX_SIDE) {
		web_printf(&r.err, "dlx-sudoku: --box needs RxC, the rows and columns of a box, each at least %u, "
			"R*C at most %u (2x3 for 6x6), not '%ux%u'\n", DLX_SUDOKU_MIN_BOX, DLX_SUDOKU_MAX_SIDE, box_rows,
			box_cols);
		r.status = 2;
	} else if (symmetry > DLX_SUDOKU_SYM_RANDOM) {
		web_printf(&r.err, "dlx-sudoku: unknown symmetry %u\n", symmetry);
		r.status = 2;
	} else if (flags & DLXWEB_JIGSAW) {
		/* The page has no region map to give: the program's words for the same lack. */
		web_printf(&r.err, "dlx-sudoku: --generate with --variant jigsaw needs --regions FILE\n");
		r.status = 2;
	} else if (check_flags(&r, flags, KNOWN_FLAGS) &&
		web_parse_u64(&r, "dlx-sudoku", "--seed", seed, false, &gp.seed) &&
		web_parse_u64(&r, "dlx-sudoku", "--clues", clues, true, &want) &&
		web_parse_u64(&r, "dlx-sudoku", "--node-limit", node_limit, true, &gp.node_limit)) {
		size_t cells = (size_t)side * side;
		struct sudoku_puzzle shape = { .side = side, .box_rows = box_rows, .box_cols = box_cols };
		dlx_sudoku *solver;
		if (sudoku_write_size(SUDOKU_LAYOUT_LINE, SUDOKU_ALPHA_ALNUM, box_rows, box_cols) == 0) {
			web_printf(&r.err, "dlx-sudoku: the alphabet has no symbols for %ux%u boards; use --output grid\n",
				side, side);
			r.status = 2;
		} else if (want > cells) {
			web_printf(&r.err, "dlx-sudoku: --clues %" PRIu64 ": %ux%u boards have only %zu cells\n", want, side,
				side, cells);
			r.status = 2;
		} else if ((solver = solver_of(&ru, box_rows, box_cols, NULL, 0)) != NULL) {
			gp.clues = (size_t)want;
			gp.symmetric = symmetry;
			uint8_t *full = malloc(cells);
			dlx_sudoku_gen_result res;
			memset(&res, 0, sizeof res);
			dlx_error_info err;
			int rc = full ? dlx_sudoku_generate(solver, &gp, ru.solution, full, &res, &err) : DLX_ERR_NOMEM;
			if (rc) {
				web_printf(&r.err, "dlx-sudoku: puzzle 1: %s\n",
					full && err.message[0] ? err.message : dlx_strerror(rc));
				r.status = rc == DLX_ERR_CONFLICT ? 1 : 3;
			} else if (res.clues == 0) {
				web_printf(&r.err, "dlx-sudoku: puzzle 1: no %ux%u board found (%s)\n", side, side,
					stop_reason(res.stop));
				r.status = 4;
			} else {
				/* As generate_one(): --clues K may end an orbit's size minus one above K. */
				unsigned slack = symmetry == DLX_SUDOKU_SYM_NONE ? 0
					: symmetry == DLX_SUDOKU_SYM_ROTATE90 || symmetry == DLX_SUDOKU_SYM_RANDOM ? 3 : 1;
				if (!(res.minimal || (gp.clues && res.clues <= gp.clues + slack))) {
					web_printf(&r.err, "dlx-sudoku: puzzle 1: %zu clues, %s (%s)\n", res.clues,
						gp.clues ? "more than asked" : "not shown minimal", stop_reason(res.stop));
					r.status = 4;
				}
				put_board(&ru, &shape, SUDOKU_LAYOUT_LINE, SUDOKU_ALPHA_ALNUM, ru.solution);
				put_shape(&r, box_rows, box_cols, SUDOKU_ALPHA_ALNUM);
				web_printf(&r.fields, ",\"clues\":%zu", res.clues);
				web_field_bytes(&r, "givens", ru.solution, cells);
				web_field_bytes(&r, "solution", full, cells);
			}
			web_printf(&r.fields, ",\"nodes\":%" PRIu64, res.nodes);
			free(full);
		}
	}
	run_free(&ru);
	return web_reply_finish(&r);
}
