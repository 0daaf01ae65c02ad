/*
 * One puzzle's answer (dlx-sudoku-solve-one.h): the mode's search
 * parameters, the search, why it stopped, and what to print.
 */
#include "dlx-sudoku-solve-one.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli-checkpoint.h"
#include "dlx-sudoku-draw.h"
#include "dlx-sudoku-explain-one.h"
#include "sudoku-write.h"

/* The puzzle being answered, for the search's callbacks. */
struct answer {
	struct puzzle_worker *w;
	const struct sudoku_puzzle *pz;
	int64_t best;            /* --score: the best score so far */
	bool have_best;
};

/* --all's on_solution: prints each solution as it comes. */
static int print_all(void *ctx, const uint8_t *solution)
{
	struct answer *a = ctx;
	struct puzzle_worker *w = a->w;
	size_t n = sudoku_write(w->text, w->layout, w->alphabet, a->pz->box_rows, a->pz->box_cols, solution);
	if (grid_layout(w->layout))
		w->text[n++] = '\n';
	return !emit(w, w->text, n);
}

/* --score's on_solution: keeps the best score. */
static int score_target(void *ctx, const uint8_t *solution)
{
	struct answer *a = ctx;
	int64_t v = dlx_sudoku_target_score(a->pz->side, solution);
	if (!a->have_best || v > a->best)
		a->best = v;
	a->have_best = true;
	return 0;
}

/* The layout of the answers when --output does not say: the puzzle's own. */
static enum sudoku_layout default_layout(const struct sudoku_puzzle *pz)
{
	switch (pz->format) {
	case SUDOKU_FORMAT_LINE:
	case SUDOKU_FORMAT_MARKS: return SUDOKU_LAYOUT_LINE;
	case SUDOKU_FORMAT_GRID: return SUDOKU_LAYOUT_GRID;
	case SUDOKU_FORMAT_PENCIL: return SUDOKU_LAYOUT_PRETTY;
	case SUDOKU_FORMAT_DRAWN:
		return pz->drawn_style == SUDOKU_DRAWN_FRAMED ? SUDOKU_LAYOUT_BORDERED
			: pz->drawn_style == SUDOKU_DRAWN_TIGHT ? SUDOKU_LAYOUT_SS : SUDOKU_LAYOUT_PRETTY;
	/* A judge's count format answers in the rows it was asked in, with blanks or without. */
	case SUDOKU_FORMAT_COUNT: return pz->spaced ? SUDOKU_LAYOUT_GRID : SUDOKU_LAYOUT_COMPACT;
	default: return SUDOKU_LAYOUT_COMPACT;
	}
}

/*
 * Sets up the worker for the puzzle: its solver (with the puzzle's region
 * map, or --regions'), and how its answer is written.  Returns 0, or an
 * exit status after a message.
 */
static int prepare(struct puzzle_worker *w, const struct sudoku_puzzle *pz, dlx_sudoku **solver)
{
	const struct puzzle_options *o = w->o;
	const uint8_t *regions = pz->regions;
	if (!regions && o->regions) {
		if (pz->side != o->regions_side) {
			unsigned rs = o->regions_side;
			warn(w, "dlx-sudoku: %s:%zu: the puzzle is %ux%u, but the region map is %ux%u\n", w->name,
				pz->line, pz->side, pz->side, rs, rs);
			return CLI_EXIT_USAGE;
		}
		regions = o->regions;
	}
	if (o->extras_side && pz->side != o->extras_side) {
		unsigned es = o->extras_side;
		warn(w, "dlx-sudoku: %s:%zu: the puzzle is %ux%u, but the %s is %ux%u\n", w->name, pz->line, pz->side,
			pz->side, o->cages ? "cage file" : "parity map", es, es);
		return CLI_EXIT_USAGE;
	}
	int status = puzzle_worker_solver(w, pz->box_rows, pz->box_cols, regions,
		pz->regions ? pz->regions_line : pz->line, solver);
	if (status)
		return status;
	w->layout = o->have_output ? o->output : default_layout(pz);
	w->alphabet = o->alphabet != SUDOKU_ALPHA_AUTO ? o->alphabet : pz->alphabet;
	/* Pencil marks are a symbol per digit in every layout: boards past the alphabet have none (the grid's numbers would run together). */
	if (o->mode == MODE_CANDIDATES &&
		sudoku_write_marks_size(w->layout != SUDOKU_LAYOUT_LINE, w->alphabet, pz->box_rows, pz->box_cols) == 0) {
		warn(w, "dlx-sudoku: %s:%zu: the pencil marks of %ux%u boards need %u symbols, and the alphabet has %u\n",
			w->name, pz->line, pz->side, pz->side, pz->side, sudoku_alphabet_max_side(w->alphabet));
		return CLI_EXIT_USAGE;
	}
	if (!o->svg && sudoku_write_size(w->layout, w->alphabet, pz->box_rows, pz->box_cols) == 0) {
		warn(w, "dlx-sudoku: %s:%zu: the alphabet has no symbols for %ux%u boards; "
			"use --output grid\n", w->name, pz->line, pz->side, pz->side);
		return CLI_EXIT_USAGE;
	}
	return 0;
}

/* The search the mode asks for: how many solutions, what to do with each, how to poll. */
static dlx_sudoku_params search_params(struct answer *a)
{
	struct puzzle_worker *w = a->w;
	const struct puzzle_options *o = w->o;
	dlx_sudoku_params sp = DLX_SUDOKU_PARAMS_INIT;
	switch (o->mode) {
	case MODE_SOLVE: sp.limit = 1; break;
	case MODE_UNIQUE: sp.limit = 2; break;
	case MODE_COUNT:
		sp.limit = o->cli.limit;
		sp.threads = w->split_threads;
		break;
	case MODE_ALL:
		sp.limit = o->cli.limit;
		sp.on_solution = o->quiet ? NULL : print_all;
		break;
	case MODE_SCORE: sp.on_solution = score_target; break;
	case MODE_GRADE: break;
	case MODE_CANDIDATES: break; /* no search: candidates_one() */
	case MODE_EXPLAIN: case MODE_HINT: case MODE_RATE: break; /* explain_one() */
	}
	sp.solution_ctx = a;
	sp.node_limit = o->cli.node_limit;
	/*
	 * --engine local with --time-limit: the time is the bound, not the
	 * default moves (20 N³: 2 s on 64x64, where puzzles at 30% given take
	 * the search 20-150 N³).
	 */
	if (o->engine == DLX_SUDOKU_ENGINE_LOCAL && !o->cli.node_limit && o->cli.time_limit > 0)
		sp.node_limit = UINT64_MAX;
	if (w->pipeline) {
		sp.on_poll = puzzle_worker_poll;
		sp.poll_ctx = w;
	} else {
		sp.on_poll = cli_poll;
		sp.poll_ctx = w->lim;
	}
	sp.poll_interval = CLI_POLL_INTERVAL;
	return sp;
}

/*
 * --checkpoint, --resume: the count of the givens on the solver's problem
 * with them forced (dlx_sudoku_load()), saved as it goes by the programs'
 * checkpoint files, which dlx's counts use too.
 */
static int count_checkpointed(struct puzzle_worker *w, dlx_sudoku *solver, const uint8_t *cells,
	const dlx_sudoku_params *sp, dlx_sudoku_result *res, dlx_error_info *err)
{
	dlx_problem *p;
	int rc = dlx_sudoku_load(solver, cells, &p, res, err);
	if (rc)
		return rc;
	struct cli_checkpoint *c = w->ckpt;
	c->p = p;
	c->lim = w->lim;
	dlx_search_params dsp = DLX_SEARCH_PARAMS_INIT;
	dsp.solution_limit = sp->limit;
	dsp.node_limit = sp->node_limit;
	dsp.poll_interval = CLI_POLL_INTERVAL;
	w->ckpt_status = cli_checkpoint_search(c, &dsp, &res->stats, &rc);
	dlx_sudoku_unload(solver);
	/* A resumed count's --output-file was kept whole in case the checkpoint was refused; now it is this count's. */
	const struct puzzle_options *o = w->o;
	if (w->ckpt_status != CLI_EXIT_USAGE && o->output_file && o->resume &&
	    (fflush(puzzle_out) != 0 || ftruncate(fileno(puzzle_out), 0) != 0 || fseek(puzzle_out, 0, SEEK_SET) != 0)) {
		warn(w, "dlx-sudoku: %s: %s\n", o->output_file, strerror(errno));
		w->ckpt_status = CLI_EXIT_FAILURE;
	}
	c->p = NULL;
	w->ckpt_ran = w->ckpt_status != CLI_EXIT_USAGE;
	w->ckpt_stats = res->stats;
	return rc;
}

/*
 * Runs the search: a grade, or solutions (the first kept in w->solution for
 * MODE_SOLVE), of the givens, or of the candidates when marks is not NULL.
 */
static int search_puzzle(struct puzzle_worker *w, dlx_sudoku *solver, const uint8_t *cells, const uint8_t *marks,
	dlx_sudoku_params *sp, uint64_t *grade, dlx_sudoku_result *res, dlx_error_info *err)
{
	enum puzzle_mode mode = w->o->mode;
	if (w->ckpt && mode == MODE_COUNT)
		return count_checkpointed(w, solver, cells, sp, res, err);
	if (mode == MODE_GRADE)
		return marks ? dlx_sudoku_grade_candidates(solver, marks, sp, grade, res, err)
			: dlx_sudoku_grade(solver, cells, sp, grade, res, err);
	uint8_t *first = mode == MODE_SOLVE ? w->solution : NULL;
	int rc = marks ? dlx_sudoku_solve_candidates(solver, marks, sp, first, res, err)
		: dlx_sudoku_solve(solver, cells, sp, first, res, err);
	if (rc == DLX_ERR_NOMEM && sp->threads > 1) {
		/* The threads' copies of a big board may not fit where one search does. */
		sp->threads = 1;
		rc = marks ? dlx_sudoku_solve_candidates(solver, marks, sp, first, res, err)
			: dlx_sudoku_solve(solver, cells, sp, first, res, err);
	}
	return rc;
}

/* Prints "<what> (stopped at node limit)" and the like. */
static void put_partial(struct puzzle_worker *w, const char *what, const char *why)
{
	emit_fmt(w, "%s (%s)\n", what, why);
}

/* --output svg: the solution over the givens, or the givens alone with why there is no solution. */
static void draw_answer(const struct answer *a, uint64_t seq, bool solved, const char *partial)
{
	const struct sudoku_puzzle *pz = a->pz;
	const uint8_t *regions = pz->regions ? pz->regions : a->w->o->regions;
	char note[80] = "no solution";
	if (partial)
		snprintf(note, sizeof note, "unknown (%s)", partial);
	const struct puzzle_options *o = a->w->o;
	emit_board_svg(a->w, seq, pz->box_rows, pz->box_cols, regions, pz->cells, solved ? a->w->solution : NULL,
		solved ? NULL : note, o->extras_side == pz->side ? &o->extras : NULL);
}

/* Prints the mode's answer (puzzle seq's); partial says what cut the search short, or is NULL. */
static void print_answer(const struct answer *a, uint64_t seq, const dlx_stats *st, uint64_t grade,
	const char *partial)
{
	struct puzzle_worker *w = a->w;
	const struct puzzle_options *o = w->o;
	uint64_t n = st->solutions;
	char buf[64];
	switch (o->mode) {
	case MODE_SOLVE:
		if (o->svg)
			draw_answer(a, seq, n > 0, partial);
		else if (n)
			emit(w, w->text, sudoku_write(w->text, w->layout, w->alphabet, a->pz->box_rows, a->pz->box_cols,
				w->solution));
		else if (partial)
			put_partial(w, "unknown", partial);
		else
			emit_str(w, "no solution\n");
		break;
	case MODE_UNIQUE:
	case MODE_GRADE:
		/* Both ask for 2 solutions: a second one is news however the search stopped. */
		if (n >= 2)
			emit_str(w, "multiple\n");
		else if (partial)
			put_partial(w, "unknown", partial);
		else if (n == 0)
			emit_str(w, "none\n");
		else if (o->mode == MODE_UNIQUE)
			emit_str(w, "unique\n");
		else
			emit_fmt(w, "%" PRIu64 " %" PRIu64 "\n", grade, st->branches);
		break;
	case MODE_SCORE:
		if (partial && a->have_best) {
			snprintf(buf, sizeof buf, "score >= %" PRId64, a->best);
			put_partial(w, buf, partial);
		} else if (partial) {
			put_partial(w, "unknown", partial);
		} else {
			emit_fmt(w, "%" PRId64 "\n", a->have_best ? a->best : (int64_t)-1);
		}
		break;
	case MODE_ALL:
		if (n == 0 && !partial && !o->count)
			emit_str(w, grid_layout(w->layout) ? "no solution\n\n" : "no solution\n");
		if (partial && !o->count)
			emit_fmt(w, "%s after %" PRIu64 " solution%s\n", partial, n, n == 1 ? "" : "s");
		if (!o->count)
			break;
		/* fall through */
	case MODE_COUNT:
		if (partial) {
			snprintf(buf, sizeof buf, "count >= %" PRIu64, n);
			put_partial(w, buf, partial);
		} else {
			emit_fmt(w, "%" PRIu64 "\n", n);
		}
		break;
	case MODE_CANDIDATES: case MODE_EXPLAIN: case MODE_HINT: case MODE_RATE:
		break;
	}
}

/* --candidates: the pencil marks the givens (or the puzzle's own marks) and the singles leave. */
static int candidates_one(struct puzzle_worker *w, const struct sudoku_puzzle *pz, dlx_sudoku *solver, uint64_t seq,
	struct tally *t)
{
	const struct puzzle_options *o = w->o;
	size_t need = (size_t)pz->side * pz->side * pz->side;
	if (w->marks_cap < need) {
		uint8_t *m = realloc(w->marks, need);
		if (!m) {
			warn(w, "dlx-sudoku: %s:%zu: out of memory\n", w->name, pz->line);
			return CLI_EXIT_FAILURE;
		}
		w->marks = m;
		w->marks_cap = need;
	}
	bool grid = w->layout != SUDOKU_LAYOUT_LINE;
	if (!o->quiet && grid && seq > 0)
		emit(w, "\n", 1);
	dlx_error_info err;
	int rc = dlx_sudoku_candidates(solver, pz->marks ? NULL : pz->cells, pz->marks, w->marks, &err);
	t->puzzles++;
	if (rc == DLX_ERR_CONFLICT || rc == DLX_ERR_INVALID) {
		warn(w, "dlx-sudoku: %s:%zu: %s\n", w->name, pz->line, err.message);
		t->unsolvable++;
		if (!o->quiet)
			emit_str(w, "no solution\n");
	} else if (rc) {
		warn(w, "dlx-sudoku: %s:%zu: %s\n", w->name, pz->line, dlx_strerror(rc));
		return CLI_EXIT_FAILURE;
	} else {
		t->solved++;
		if (!o->quiet)
			emit(w, w->text, sudoku_write_marks(w->text, grid, w->alphabet, pz->box_rows, pz->box_cols, w->marks));
	}
	if (w->direct && ferror(puzzle_out))
		return CLI_EXIT_FAILURE;
	return 0;
}

int solve_one(struct puzzle_worker *w, const struct sudoku_puzzle *pz, uint64_t seq, struct tally *t)
{
	const struct puzzle_options *o = w->o;
	dlx_sudoku *solver;
	int status = prepare(w, pz, &solver);
	if (status)
		return status;
	if (o->mode == MODE_CANDIDATES)
		return candidates_one(w, pz, solver, seq, t);
	if (o->mode == MODE_EXPLAIN || o->mode == MODE_HINT || o->mode == MODE_RATE)
		return explain_one(w, pz, solver, seq, t);
	if (w->ckpt && pz->marks) {
		warn(w, "dlx-sudoku: %s:%zu: --checkpoint and --resume count a puzzle of givens, not of pencil marks\n",
			w->name, pz->line);
		return CLI_EXIT_USAGE;
	}
	struct answer a = { w, pz, 0, false };
	dlx_sudoku_params sp = search_params(&a);
	puzzle_worker_start_limits(w);

	/* In grid layouts an empty line separates answers; a judge's layout keeps the input's. */
	bool judge = pz->format == SUDOKU_FORMAT_COUNT && !o->have_output;
	if (!o->quiet && !o->svg && grid_layout(w->layout) && o->mode == MODE_SOLVE && seq > 0 &&
		(!judge || pz->blank_before))
		emit(w, "\n", 1);

	dlx_sudoku_result res;
	dlx_error_info err;
	uint64_t grade = 0;
	/* --engine: the modes it applies to (the options refused the others with sat); the rest take dancing links. */
	bool engine_mode = o->mode == MODE_SOLVE || o->mode == MODE_UNIQUE || o->mode == MODE_COUNT || o->mode == MODE_ALL;
	/* Auto without the SAT engine is dancing links: the library asks for the engine only on big boards. */
	dlx_sudoku_engine engine = engine_mode && !o->cli.propagate ? o->engine : DLX_SUDOKU_ENGINE_DLX;
	int set = dlx_sudoku_set_engine(solver, engine, 0);
	if (engine == DLX_SUDOKU_ENGINE_LOCAL && (set != DLX_OK || pz->marks)) {
		/* The options refused the modes; what is left is a board the local search does not take. */
		warn(w, "dlx-sudoku: %s:%zu: --engine local searches givens on boards of rows, columns and boxes "
		     "(or a jigsaw map): not pencil marks, other variants, parity marks or cages\n", w->name, pz->line);
		return CLI_EXIT_USAGE;
	}
	int rc = search_puzzle(w, solver, pz->cells, pz->marks, &sp, &grade, &res, &err);
	t->sat += rc == DLX_OK && dlx_sudoku_last_engine(solver) == DLX_SUDOKU_ENGINE_SAT;
	t->local += rc == DLX_OK && dlx_sudoku_last_engine(solver) == DLX_SUDOKU_ENGINE_LOCAL;
	/* A checkpoint refused (cli_checkpoint_search() said why): nothing was searched, nothing to print. */
	if (w->ckpt && w->ckpt_status == CLI_EXIT_USAGE)
		return CLI_EXIT_USAGE;
	t->puzzles++;
	if (rc == DLX_ERR_CONFLICT || rc == DLX_ERR_INVALID) {
		warn(w, "dlx-sudoku: %s:%zu: %s\n", w->name, pz->line, err.message);
	} else if (rc) {
		warn(w, "dlx-sudoku: %s:%zu: %s\n", w->name, pz->line, dlx_strerror(rc));
		return CLI_EXIT_FAILURE;
	}
	const dlx_stats *st = &res.stats;
	t->nodes += st->nodes;
	t->updates += st->updates;
	t->branches += st->branches;
	struct cli_stop stop = cli_stop_classify(st->stop, w->lim);
	if (stop.interrupted && puzzle_worker_stopping(w))
		return CLI_EXIT_FAILURE; /* the run is over; nobody reads this answer */
	if (st->stop == DLX_STOP_CALLBACK && o->mode == MODE_ALL)
		return CLI_EXIT_FAILURE; /* the write failed; reported at exit */
	if (stop.why)
		t->stopped++;
	else if (st->solutions)
		t->solved++;
	else
		t->unsolvable++;
	if (!o->quiet)
		print_answer(&a, seq, st, grade, stop.why);
	/* A held-back answer's write errors are the writer's to see. */
	if (w->direct && ferror(puzzle_out))
		return CLI_EXIT_FAILURE;
	/* A limit only marks the puzzle; a signal ends the run. */
	if (stop.interrupted)
		return stop.status;
	/* A stop whose state could not be saved: the partial count is out, the run failed. */
	return w->ckpt && w->ckpt_status ? w->ckpt_status : 0;
}
