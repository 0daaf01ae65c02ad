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
};

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

static int print_gstep(void *ctx, const dlx_sudoku_gstep *step)
{
	struct general *x = ctx;
	size_t n = sudoku_gstep_text(x->line, x->g, step, x->w->alphabet);
	emit(x->w, x->line, n);
	return 0;
}

/*
 * A board that is not classic 9x9, its puzzle known unique: the general
 * ladder of dlx_sudoku_glogic (singles, locked candidates, subsets, fish),
 * its steps named in the board's alphabet.  Frees gl.
 */
static int explain_general(struct puzzle_worker *w, const struct sudoku_puzzle *pz, dlx_sudoku_glogic *gl)
{
	const struct puzzle_options *o = w->o;
	struct general x = { w, gl, malloc(SUDOKU_GSTEP_TEXT_MAX) };
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
		rc = dlx_sudoku_glogic_rate(gl, &r, o->mode == MODE_EXPLAIN && !o->quiet ? print_gstep : NULL, &x, &err);
	int status = 0;
	if (rc) {
		/* The puzzle has a solution, so the grid cannot be broken: this is a bug worth its message. */
		warn(w, "dlx-sudoku: %s:%zu: %s\n", w->name, pz->line, rc == DLX_ERR_CONFLICT ? err.message : dlx_strerror(rc));
		status = CLI_EXIT_FAILURE;
	} else if (!o->quiet && o->mode == MODE_HINT) {
		if (step->technique != DLX_SUDOKU_TECH_NONE)
			print_gstep(&x, step);
		else
			emit_str(w, dlx_sudoku_glogic_solved(gl) ? "solved\n"
				: "no step: the puzzle needs more than singles, locked candidates, subsets and fish\n");
	} else if (!o->quiet) {
		print_rating(w, o->mode == MODE_EXPLAIN ? (r.solved ? "solved: " : "stuck: ") : "", &r);
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
	dlx_sudoku_result res;
	dlx_error_info err;
	int rc = pz->marks ? dlx_sudoku_solve_candidates(solver, pz->marks, &sp, NULL, &res, &err)
		: dlx_sudoku_solve(solver, pz->cells, &sp, NULL, &res, &err);
	t->puzzles++;
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
	t->solved++;
	if (!classic)
		return explain_general(w, pz, gl);
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
