/* --explain, --hint and --rate (dlx-sudoku-explain-one.h). */
#include "dlx-sudoku-explain-one.h"

#include <stdio.h>
#include <stdlib.h>

#include "dlx-sudoku-explain.h"
#include "sudoku-steps.h"

/* A general step's line is written into line, up to SUDOKU_GSTEP_TEXT_MAX bytes. */
struct general {
	struct puzzle_worker *w;
	const dlx_sudoku_glogic *g;
	char *line;
	bool print;          /* --explain: each step as it is found */
	struct cli_stop stop; /* why the rating stopped early (--time-limit, a signal), or why NULL */
};

/*
 * Whether --time-limit or a signal ends the puzzle's rating now.  Between
 * steps: a big board's rating runs to thousands of steps, each bounded
 * (dlx_sudoku_glogic_next_step()), so the wait is one step at most.
 */
static bool rating_stops(struct puzzle_worker *w, struct cli_stop *stop)
{
	if (cli_stop_signal || puzzle_worker_stopping(w)) {
		*stop = cli_stop_classify(DLX_STOP_POLL, w->lim);
		return true;
	}
	if (w->lim->deadline > 0 && cli_now() >= w->lim->deadline) {
		w->lim->timed_out = true;
		*stop = cli_stop_classify(DLX_STOP_POLL, w->lim);
		return true;
	}
	return false;
}

static int print_step(void *ctx, const dlx_sudoku_step *step)
{
	struct puzzle_worker *w = ctx;
	char line[SUDOKU_STEP_TEXT_MAX];
	size_t n = sudoku_step_text(line, step);
	emit(w, line, n);
	return 0;
}

/* "3.4 medium", or ">=7.5 beyond logic" (a lower bound) when the ladder ran out. */
static void print_rating(struct puzzle_worker *w, const char *prefix, const dlx_sudoku_rating *r)
{
	if (r->solved)
		emit_fmt(w, "%s%u.%u %s\n", prefix, r->rating / 10, r->rating % 10, dlx_sudoku_rating_class(r->rating, 1));
	else
		emit_fmt(w, "%s>=%u.%u %s\n", prefix, r->rating / 10, r->rating % 10, dlx_sudoku_rating_class(r->rating, 0));
}

static void print_gstep(struct general *x, const dlx_sudoku_gstep *step)
{
	size_t n = sudoku_gstep_text(x->line, x->g, step, x->w->alphabet);
	emit(x->w, x->line, n);
}

/*
 * The rating's step callback: stops the rating at the limits before the
 * step is shown (a step printed is a step taken), else prints it for
 * --explain.
 */
static int on_gstep(void *ctx, const dlx_sudoku_gstep *step)
{
	struct general *x = ctx;
	if (rating_stops(x->w, &x->stop))
		return 1;
	if (x->print)
		print_gstep(x, step);
	return 0;
}

/*
 * A board that is not classic 9x9, its puzzle known unique: the general
 * ladder of dlx_sudoku_glogic (singles, locked candidates, subsets, fish),
 * its steps named in the board's alphabet.  Frees gl.
 */
static int explain_general(struct puzzle_worker *w, const struct sudoku_puzzle *pz, dlx_sudoku_glogic *gl,
	struct tally *t)
{
	const struct puzzle_options *o = w->o;
	struct general x = { w, gl, malloc(SUDOKU_GSTEP_TEXT_MAX), o->mode == MODE_EXPLAIN && !o->quiet, { NULL, false, 0 } };
	dlx_sudoku_gstep *step = malloc(sizeof *step);
	if (!x.line || !step) {
		free(x.line);
		free(step);
		dlx_sudoku_glogic_free(gl);
		warn(w, "dlx-sudoku: %s:%zu: %s\n", w->name, pz->line, dlx_strerror(DLX_ERR_NOMEM));
		return CLI_EXIT_FAILURE;
	}
	dlx_error_info err;
	dlx_sudoku_rating r;
	int rc = dlx_sudoku_glogic_set(gl, pz->marks ? NULL : pz->cells, pz->marks, &err);
	if (!rc && o->mode == MODE_HINT)
		rc = dlx_sudoku_glogic_next_step(gl, UINT32_MAX, step, &err);
	else if (!rc)
		rc = dlx_sudoku_glogic_rate(gl, &r, on_gstep, &x, &err);
	int status = 0;
	if (!rc && x.stop.why) {
		/* Cut short: the steps so far stand, the rating is unknown. */
		t->stopped++;
		if (!o->quiet)
			emit_fmt(w, "unknown (%s)\n", x.stop.why);
		status = x.stop.interrupted ? x.stop.status : 0;
	} else if (rc) {
		/* The puzzle has a solution, so the grid cannot be broken: this is a bug worth its message. */
		warn(w, "dlx-sudoku: %s:%zu: %s\n", w->name, pz->line, rc == DLX_ERR_CONFLICT ? err.message : dlx_strerror(rc));
		status = CLI_EXIT_FAILURE;
	} else {
		t->solved++;
		if (o->quiet)
			;
		else if (o->mode != MODE_HINT)
			print_rating(w, o->mode == MODE_EXPLAIN ? (r.solved ? "solved: " : "stuck: ") : "", &r);
		else if (step->technique != DLX_SUDOKU_TECH_NONE)
			print_gstep(&x, step);
		else
			emit_str(w, dlx_sudoku_glogic_solved(gl) ? "solved\n"
				: "no step: the puzzle needs more than singles, locked candidates, subsets and fish\n");
	}
	free(x.line);
	free(step);
	dlx_sudoku_glogic_free(gl);
	return status;
}

int explain_one(struct puzzle_worker *w, const struct sudoku_puzzle *pz, dlx_sudoku *solver, uint64_t seq,
	struct tally *t)
{
	const struct puzzle_options *o = w->o;
	bool classic = pz->side == 9 && pz->box_rows == 3 && !o->flags && !o->jigsaw && !pz->regions && !o->extras_side;
	dlx_sudoku_glogic *gl = NULL;
	if (!classic) {
		dlx_error_info gerr;
		int grc = dlx_sudoku_glogic_new(solver, &gl, &gerr);
		if (grc == DLX_ERR_INVALID) {
			warn(w, "dlx-sudoku: %s:%zu: --explain, --hint and --rate: %s\n", w->name, pz->line, gerr.message);
			return CLI_EXIT_USAGE;
		} else if (grc) {
			warn(w, "dlx-sudoku: %s:%zu: %s\n", w->name, pz->line, dlx_strerror(grc));
			return CLI_EXIT_FAILURE;
		}
	}
	if (!o->quiet && o->mode == MODE_EXPLAIN && seq > 0)
		emit(w, "\n", 1);
	/* Logic is sound on any puzzle, but a rating means something only for a unique one. */
	dlx_sudoku_params sp = DLX_SUDOKU_PARAMS_INIT;
	sp.limit = 2;
	/* --time-limit and the signals bound the check as they bound a solve (--node-limit is refused here). */
	sp.on_poll = puzzle_worker_poll;
	sp.poll_ctx = w;
	sp.poll_interval = CLI_POLL_INTERVAL;
	puzzle_worker_start_limits(w);
	dlx_sudoku_result res;
	dlx_error_info err;
	int rc = pz->marks ? dlx_sudoku_solve_candidates(solver, pz->marks, &sp, NULL, &res, &err)
		: dlx_sudoku_solve(solver, pz->cells, &sp, NULL, &res, &err);
	t->puzzles++;
	if (!rc) { /* --stats: the uniqueness check is the search this mode does */
		t->nodes += res.stats.nodes;
		t->updates += res.stats.updates;
		t->branches += res.stats.branches;
	}
	struct cli_stop stop = cli_stop_classify(rc ? DLX_STOP_COMPLETE : res.stats.stop, w->lim);
	if (stop.why && res.stats.solutions < 2) {
		/* Stopped before the check could say: a second solution found first would still be news. */
		dlx_sudoku_glogic_free(gl);
		if (stop.interrupted && puzzle_worker_stopping(w))
			return CLI_EXIT_FAILURE; /* the run is over; nobody reads this answer */
		t->stopped++;
		if (!o->quiet)
			emit_fmt(w, "unknown (%s)\n", stop.why);
		return stop.interrupted ? stop.status : 0;
	}
	if (rc == DLX_ERR_CONFLICT || rc == DLX_ERR_INVALID) {
		warn(w, "dlx-sudoku: %s:%zu: %s\n", w->name, pz->line, err.message);
	} else if (rc) {
		warn(w, "dlx-sudoku: %s:%zu: %s\n", w->name, pz->line, dlx_strerror(rc));
		dlx_sudoku_glogic_free(gl);
		return CLI_EXIT_FAILURE;
	}
	if (rc || res.stats.solutions != 1) {
		dlx_sudoku_glogic_free(gl);
		bool none = rc || res.stats.solutions == 0;
		if (none)
			t->unsolvable++;
		else
			t->solved++;
		if (!o->quiet)
			emit_str(w, none ? "none\n" : "multiple\n");
		return 0;
	}
	if (!classic)
		return explain_general(w, pz, gl, t);
	t->solved++;
	dlx_sudoku_logic g;
	rc = dlx_sudoku_logic_init(pz->marks ? NULL : pz->cells, pz->marks, &g, &err);
	g.unique = 1; /* checked above: the uniqueness techniques hold */
	dlx_sudoku_rating r;
	dlx_sudoku_step step;
	if (!rc && o->mode == MODE_HINT)
		rc = dlx_sudoku_next_step(&g, UINT32_MAX, &step, &err);
	else if (!rc)
		rc = dlx_sudoku_rate(&g, &r, o->mode == MODE_EXPLAIN && !o->quiet ? print_step : NULL, w, &err);
	if (rc) {
		/* The puzzle has a solution, so the grid cannot be broken: this is a bug worth its message. */
		warn(w, "dlx-sudoku: %s:%zu: %s\n", w->name, pz->line, rc == DLX_ERR_CONFLICT ? err.message : dlx_strerror(rc));
		return CLI_EXIT_FAILURE;
	}
	if (o->quiet)
		return 0;
	if (o->mode == MODE_HINT) {
		if (step.technique != DLX_SUDOKU_TECH_NONE)
			print_step(w, &step);
		else
			emit_str(w, dlx_sudoku_logic_solved(&g) ? "solved\n"
				: "no step: the puzzle needs more than dynamic forcing chains\n");
	} else {
		print_rating(w, o->mode == MODE_EXPLAIN ? (r.solved ? "solved: " : "stuck: ") : "", &r);
	}
	return 0;
}
